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
        XCTAssertEqual(collector.elements.first?.attributes["viewBox"], "0 0 390 884")
        let rects = collector.elements.filter { $0.name == "rect" }
        XCTAssertEqual(rects.count, 1 + 7, "the background, the window and six views")
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
}

private final class SVGCollector: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var text = ""

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append((elementName, attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
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
