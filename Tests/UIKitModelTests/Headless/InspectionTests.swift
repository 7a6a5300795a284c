import AppInspection
import AppScene
import Foundation
import TestSupport
import UIKitModel
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `app-host tree`, `explain` and `render` on the A..F and tab-bar scenes.
final class InspectionTests: XCTestCase {
    private func scene(_ name: String) throws -> SceneApp {
        try SceneLoader().load(
            contentsOf: SharedPaths.packageRoot.appendingPathComponent("deploy/scenes/\(name).yaml"))
    }

    func testTreeOfABCDEF() throws {
        XCTAssertEqual(
            SceneTree.describe(try scene("abcdef")),
            """
            UIWindow #window (0,0,390,844) level=0 key
            └─ AView #A (0,0,390,844) root view of UIViewController log=[all]
               ├─ BView #B (20,100,350,200) log=[all]
               │  └─ DView #D (40,120,100,100) log=[all]
               └─ CView #C (20,400,350,300) log=[all]
                  ├─ EView #E (40,420,150,150) log=[all]
                  └─ FView #F (200,420,150,150) log=[all]
            """)
    }

    func testTreeOfTheTabBarAndTheTablePuzzle() throws {
        XCTAssertEqual(
            SceneTree.describe(try scene("tabbar-round-button")),
            """
            UIWindow #window (0,0,390,844) level=0 key
            └─ RootView #root (0,0,390,844) root view of UIViewController
               ├─ ContentView #content (0,0,390,794) log=[all]
               └─ CustomTabBar #tabBar (0,794,390,50) log=[all]
                  └─ CircleButton #circleButton (165,774,60,60) log=[all]
            """)
        let puzzle = SceneTree.describe(try scene("table-puzzle")).split(separator: "\n").prefix(5)
        XCTAssertEqual(
            puzzle,
            [
                "UIWindow #window (0,0,390,844) level=0 key",
                "└─ UIView #root (0,0,390,844) root view of ViewController",
                "   · recognizer LXFTapGestureRecognizer #tap",
                "   ├─ UIButton #button (135,700,120,44) log=[all]",
                "   │  · action buttonTapped: → ViewController",
            ])
    }

    /// The round button sticking out of the tab bar: missed without the pointInside override, hit with it.
    func testExplainTheTabBarButtonOutsideItsParent() throws {
        let plain = try scene("tabbar-round-button")
        let point = CGPoint(x: 195, y: 780)
        XCTAssertEqual(
            HitTestExplanation(scene: plain, point: point).describe(point: point, scene: plain),
            """
            hit-test for (195,780):
              -[UIWindow hitTest:withEvent:] (195,780) → ContentView
              -[UIWindow pointInside:withEvent:] (195,780) → YES
              -[RootView hitTest:withEvent:] (195,780) → ContentView
              -[RootView pointInside:withEvent:] (195,780) → YES
              -[CustomTabBar hitTest:withEvent:] (195,-14) → nil (pointInside NO)
              -[CustomTabBar pointInside:withEvent:] (195,-14) → NO (outside bounds)
              -[ContentView hitTest:withEvent:] (195,780) → ContentView
              -[ContentView pointInside:withEvent:] (195,780) → YES
            chosen: ContentView #content (0,0,390,794) log=[all]
            recognizers: none
            responder chain: ContentView --> RootView --> UIViewController --> UIWindow --> UIApplication --> AppDelegate
            """)
        let widened = try scene("tabbar-round-button-pointinside")
        let explanation = HitTestExplanation(scene: widened, point: point)
        XCTAssertEqual(explanation.view?.accessibilityIdentifier, "circleButton")
        XCTAssertEqual(
            explanation.calls.map(\.explained)[5],
            "-[CustomTabBar pointInside:withEvent:] (195,-14) → YES (pointInsideIncludes)")
        XCTAssertEqual(
            explanation.describe(point: point, scene: widened).split(separator: "\n").last,
            "responder chain: CircleButton --> CustomTabBar --> RootView --> UIViewController --> UIWindow --> UIApplication --> AppDelegate"
        )
        // Explaining leaves the scene as it was: the views log what they logged before, nothing is left in the trace.
        XCTAssertEqual(widened.view("content")?.logGroups, .all)
        XCTAssertEqual(widened.view("root")?.logGroups, [])
    }

    func testExplainABCDEF() throws {
        let app = try scene("abcdef")
        let explanation = HitTestExplanation(scene: app, point: CGPoint(x: 115, y: 495))
        XCTAssertEqual(explanation.view?.accessibilityIdentifier, "E")
        XCTAssertEqual(
            explanation.calls.map(\.explained).filter { $0.contains("hitTest") },
            [
                "-[UIWindow hitTest:withEvent:] (115,495) → EView",
                "-[AView hitTest:withEvent:] (115,495) → EView",
                "-[CView hitTest:withEvent:] (95,95) → EView",
                "-[FView hitTest:withEvent:] (-85,75) → nil (pointInside NO)",
                "-[EView hitTest:withEvent:] (75,75) → EView",
            ])
        let nowhere = HitTestExplanation(scene: app, point: CGPoint(x: 500, y: 10))
        XCTAssertNil(nowhere.view)
        XCTAssertEqual(
            nowhere.describe(point: CGPoint(x: 500, y: 10), scene: app).split(separator: "\n").last,
            "no view: the touch would not be delivered (nothing is hit-testable there)")
    }

    /// No SVG rasterizer is available offline (no librsvg, ImageMagick or cairosvg on the build machines), so
    /// the picture is checked structurally: well-formed XML, an `svg` root with a size, one rectangle per view
    /// with the hit-test path's colours, and the touch point.
    func testRenderIsWellFormedSVGWithTheHitTestPath() throws {
        let svg = SceneSVG.render(try scene("abcdef"), touch: CGPoint(x: 115, y: 495))
        let collector = SVGCollector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = collector
        XCTAssertTrue(parser.parse(), "XML error: \(String(describing: parser.parserError))")
        XCTAssertEqual(collector.elements.first?.name, "svg")
        XCTAssertEqual(collector.elements.first?.attributes["xmlns"], "http://www.w3.org/2000/svg")
        let viewBox = try XCTUnwrap(collector.elements.first?.attributes["viewBox"])
        XCTAssertTrue(viewBox.hasPrefix("0 0 390 "), viewBox)
        let rects = collector.elements.filter { $0.name == "rect" && $0.attributes["class"] == "view" }
        XCTAssertEqual(rects.count, 7, "the window and six views")
        func stroke(_ x: String, _ y: String) -> String? {
            rects.first { $0.attributes["x"] == x && $0.attributes["y"] == y }?.attributes["stroke"]
        }
        XCTAssertEqual(stroke("40", "420"), "rgb(224,32,27)", "E: chosen")
        XCTAssertEqual(stroke("20", "400"), "rgb(31,95,214)", "C: answered a view")
        XCTAssertEqual(stroke("200", "420"), "rgb(240,138,0)", "F: answered nil")
        XCTAssertEqual(stroke("20", "100"), "rgb(153,153,153)", "B: never asked")
        let circle = try XCTUnwrap(collector.elements.first { $0.name == "circle" })
        XCTAssertEqual(circle.attributes["cx"], "115")
        XCTAssertEqual(circle.attributes["cy"], "495")
        XCTAssertTrue(collector.text.contains("touch (115,495) → EView"))
    }

    /// Labels never print over each other (views sharing a corner: the window, A), every label and legend line
    /// lies inside the viewBox, the grey outline is explained, cells carry their row and recognizers are drawn.
    func testRenderLabelsDoNotOverlapAndTheLegendFits() throws {
        for (name, touch) in [("abcdef", nil), ("abcdef", CGPoint(x: 115, y: 495)), ("table-puzzle", nil)] {
            let svg = SceneSVG.render(try scene(name), touch: touch)
            let collector = SVGCollector()
            let parser = XMLParser(data: Data(svg.utf8))
            parser.delegate = collector
            XCTAssertTrue(parser.parse(), "XML error: \(String(describing: parser.parserError))")
            let box = try XCTUnwrap(collector.elements.first?.attributes["viewBox"]).split(separator: " ").compactMap {
                Double($0)
            }
            let (width, height) = (box[2], box[3])
            var labels: [(text: String, rect: CGRect)] = []
            for text in collector.texts where ["label", "recognizer", "legend"].contains(text.attributes["class"] ?? "") {
                let x = Double(text.attributes["x"] ?? "") ?? -1, y = Double(text.attributes["y"] ?? "") ?? -1
                // The layout's own estimate of a label's width (10-point sans-serif), baseline at y.
                let rect = CGRect(x: x, y: y - 10, width: Double(text.content.count) * 6.2, height: 12)
                XCTAssertTrue(
                    rect.minX >= 0 && rect.minY >= 0 && rect.maxY <= height, "\(name): '\(text.content)' outside \(box)")
                if text.attributes["class"] == "legend" {
                    XCTAssertLessThanOrEqual(x + Double(text.content.count) * 5.8, width, "\(name): '\(text.content)' is cut")
                } else {
                    labels.append((text.content, rect))
                }
            }
            for (i, a) in labels.enumerated() {
                for b in labels[(i + 1)...] {
                    let overlaps =
                        a.rect.minX < b.rect.maxX && b.rect.minX < a.rect.maxX && a.rect.minY < b.rect.maxY
                        && b.rect.minY < a.rect.maxY
                    XCTAssertFalse(overlaps, "\(name): '\(a.text)' and '\(b.text)' overlap")
                }
            }
            XCTAssertTrue(collector.text.contains("grey outline: a view's frame"), name)
            if name == "abcdef" {
                XCTAssertEqual(
                    labels.map(\.text),
                    ["UIWindow #window", "AView #A", "BView #B", "DView #D", "CView #C", "EView #E", "FView #F"])
                XCTAssertEqual(labels[0].rect.minY, labels[1].rect.minY, "A shares the window's corner: beside it")
            } else {
                XCTAssertEqual(
                    labels.map(\.text),
                    [
                        "UIWindow #window", "UIView #root", "LXFTapGestureRecognizer #tap", "UIButton #button",
                        "UITableView #table", "UIScrollViewPanGestureRecognizer", "PuzzleCell row 0", "PuzzleCell row 1",
                        "PuzzleCell row 2",
                    ])
            }
        }
    }
}

private final class SVGCollector: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var text = ""
    /// Each `text` element with its attributes and content.
    var texts: [(attributes: [String: String], content: String)] = []
    private var inText = false

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append((elementName, attributes))
        if elementName == "text" {
            texts.append((attributes, ""))
            inText = true
        }
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
        if elementName == "text" { inText = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
        if inText, !texts.isEmpty { texts[texts.count - 1].content += string }
    }
}

/// Where `hid-source tap @ID` touches: a view's centre, checked by hit-testing.
final class SceneViewLocatorTests: XCTestCase {
    private func scene(_ name: String) throws -> SceneApp {
        try SceneLoader().load(contentsOf: SharedPaths.packageRoot.appendingPathComponent("deploy/scenes/\(name).yaml"))
    }

    func testTheCentreOfAReachableView() throws {
        XCTAssertEqual(try SceneViewLocator.tapPoint(of: "E", in: try scene("abcdef")), CGPoint(x: 115, y: 495))
        XCTAssertEqual(
            try SceneViewLocator.tapPoint(of: "circleButton", in: try scene("tabbar-round-button")), CGPoint(x: 195, y: 804))
        XCTAssertEqual(
            try SceneViewLocator.tapPoint(of: "C", in: try scene("abcdef")), CGPoint(x: 195, y: 550), "between E and F: C itself")
    }

    func testAViewATouchCannotReachIsAnError() throws {
        XCTAssertThrowsError(try SceneViewLocator.tapPoint(of: "hidden", in: try scene("visibility"))) { error in
            XCTAssertEqual(
                "\(error)",
                "a touch at the centre of 'hidden' (70,150) reaches RootView, not HiddenView (see `app-host explain`)")
        }
        XCTAssertThrowsError(try SceneViewLocator.tapPoint(of: "nope", in: try scene("abcdef"))) { error in
            XCTAssertEqual("\(error)", "no view with id 'nope' (views: A, B, C, D, E, F, window)")
        }
    }
}
