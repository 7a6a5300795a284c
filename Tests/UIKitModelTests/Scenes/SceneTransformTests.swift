import AppInspection
import AppScene
import Foundation
import GestureScript
import HeadlessApp
@testable import UIKitModel
import XCTest

/// The `transform:` key of views (protocols/scene-format.md, "Views"), its errors, and how `app-host tree`,
/// `explain` and `render` show a transformed view.
final class SceneTransformTests: XCTestCase {
    private func transform(_ yaml: String) throws -> CGAffineTransform {
        let scene = try SceneLoader().load(
            yaml: "windows:\n  - subviews:\n      - id: v\n        frame: [0, 0, 10, 10]\n        transform: \(yaml)\n")
        return try XCTUnwrap(scene.view("v")).transform
    }

    private func error(_ yaml: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            _ = try SceneLoader().load(yaml: yaml)
            XCTFail("expected an error", file: file, line: line)
            return nil
        } catch let error as SceneError {
            return "line \(error.line.map(String.init) ?? "?"): \(error.description)"
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
            return nil
        }
    }

    /// The mapping applies scale, then rotate, then translate whatever the key order; a list applies its
    /// steps in the order written; `rotate` is degrees, exact at multiples of 90.
    func testForms() throws {
        XCTAssertEqual(
            try transform("{translate: [10, 0], rotate: 90, scale: 1.5}"),
            CGAffineTransform(a: 0, b: 1.5, c: -1.5, d: 0, tx: 10, ty: 0))
        // Translating first, then turning, turns the translation too.
        XCTAssertEqual(
            try transform("[{translate: [10, 0]}, {rotate: 90}, {scale: [2, 3]}]"),
            CGAffineTransform(a: 0, b: 3, c: -2, d: 0, tx: 0, ty: 30))
        XCTAssertEqual(
            try transform("{matrix: [1, 0.5, 0, 1, 4, 5]}"), CGAffineTransform(a: 1, b: 0.5, c: 0, d: 1, tx: 4, ty: 5))
        XCTAssertEqual(try transform("{rotate: -270}"), CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0))
        XCTAssertEqual(try transform("{rotate: 450}"), CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0))
        XCTAssertEqual(try transform("{rotate: 30}"), CGAffineTransform(rotationAngle: .pi / 6))
        XCTAssertEqual(try transform("[]"), .identity)
    }

    func testErrorsNameTheLine() {
        let head = "windows:\n  - subviews:\n      - id: v\n        transform: "
        XCTAssertEqual(
            error(head + "{scale: 0}"),
            #"line 4: windows[0].subviews[0].transform.scale: expected a non-zero scale (a view scaled by 0 has no area), found "0""#
        )
        XCTAssertEqual(
            error(head + "{rotate: right}"),
            #"line 4: windows[0].subviews[0].transform.rotate: expected a number, found "right""#)
        XCTAssertEqual(
            error(head + "{translate: [1, 2, 3]}"),
            "line 4: windows[0].subviews[0].transform.translate: expected [x, y] in points, found a list")
        XCTAssertEqual(
            error(head + "{spin: 3}"),
            "line 4: windows[0].subviews[0].transform.spin: unknown key (expected one of: matrix, rotate, scale, translate)")
        XCTAssertEqual(
            error(head + "\n          - {rotate: 30, scale: 2}"),
            "line 5: windows[0].subviews[0].transform[0]: a transform step has exactly one of matrix, rotate, scale, translate (found 2)"
        )
        XCTAssertEqual(
            error(head + "{matrix: [1, 0, 0, 1, 0, 0], rotate: 3}"),
            "line 4: windows[0].subviews[0].transform: matrix gives the whole transform: it cannot be combined with scale, rotate or translate"
        )
        XCTAssertEqual(
            error(head + "{matrix: [1, 2, 2, 4, 0, 0]}"),
            "line 4: windows[0].subviews[0].transform.matrix: the matrix has no inverse (a·d − b·c = 0): the view would have no area"
        )
        XCTAssertEqual(
            error(head + "42"), #"line 4: windows[0].subviews[0].transform: expected a mapping, found "42""#)
        XCTAssertEqual(
            error(
                "windows:\n  - subviews:\n      - gestureRecognizers:\n          - kind: tap\n"
                    + "            action: {log: Tapped, applyTransform: true}\n"),
            "line 5: windows[0].subviews[0].gestureRecognizers[0].action.applyTransform: applyTransform is for pinch, rotation and pan recognizers (this one is tap)"
        )
    }

    static let yaml = """
        windows:
          - id: window
            frame: [0, 0, 390, 844]
            rootViewController:
              view:
                id: root
                subviews:
                  - id: card
                    class: CardView
                    frame: [95, 300, 200, 100]
                    transform: {rotate: 90, scale: 1.5, translate: [10, 0]}
                    subviews:
                      - {id: badge, class: BadgeView, frame: [0, 0, 20, 20], backgroundColor: red}
                  - id: tilted
                    class: TiltedView
                    frame: [20, 600, 100, 100]
                    transform: [{translate: [10, 0]}, {rotate: 30}]
        """

    /// The tree prints a transformed view's bounding box on the screen and its matrix; its subviews' boxes
    /// follow it.
    func testTreeAndExplain() throws {
        let scene = try SceneLoader().load(yaml: Self.yaml)
        XCTAssertEqual(
            SceneTree.describe(scene),
            """
            UIWindow #window (0,0,390,844) level=0 key
            └─ UIView #root (0,0,390,844) root view of UIViewController
               ├─ CardView #card (130,200,150,300) transform=[0, 1.5, -1.5, 0, 10, 0]
               │  └─ BadgeView #badge (250,200,30,30)
               └─ TiltedView #tilted (10.359,586.699,136.603,136.603) transform=[0.866025, 0.5, -0.5, 0.866025, 8.66025, 5]
            """)
        // (200, 350) is 5 points left of the card's centre (205, 350): 5 / 1.5 up its own y axis after the
        // quarter turn, so (100, 50 + 3.333) in its bounds.
        let point = CGPoint(x: 200, y: 350)
        XCTAssertEqual(
            HitTestExplanation(scene: scene, point: point).describe(point: point, scene: scene),
            """
            hit-test for (200,350):
              -[UIWindow hitTest:withEvent:] (200,350) → CardView
              -[UIWindow pointInside:withEvent:] (200,350) → YES
              -[UIView hitTest:withEvent:] (200,350) → CardView
              -[UIView pointInside:withEvent:] (200,350) → YES
              -[TiltedView hitTest:withEvent:] (2.583302491977065,-274.8076211353316) → nil (pointInside NO)
              -[TiltedView pointInside:withEvent:] (2.583302491977065,-274.8076211353316) → NO (outside bounds)
              -[CardView hitTest:withEvent:] (100,53.333333333333336) → CardView
              -[CardView pointInside:withEvent:] (100,53.333333333333336) → YES
              -[BadgeView hitTest:withEvent:] (100,53.333333333333336) → nil (pointInside NO)
              -[BadgeView pointInside:withEvent:] (100,53.333333333333336) → NO (outside bounds)
            chosen: CardView #card (130,200,150,300) transform=[0, 1.5, -1.5, 0, 10, 0]
            recognizers: none
            responder chain: CardView --> UIView --> UIViewController --> UIWindow --> UIApplication --> AppDelegate
            """)
    }

    /// `render` draws a transformed view (and its subviews) as the polygon of its bounds' corners on the
    /// screen, clockwise from the bounds' top-left; untransformed views stay rectangles.
    func testRenderDrawsTheTransformedOutline() throws {
        let scene = try SceneLoader().load(yaml: Self.yaml)
        let polygons = SceneSVG.render(scene, touch: nil).split(separator: "\n").filter { $0.hasPrefix("<polygon") }
        XCTAssertEqual(
            polygons,
            [
                #"<polygon points="280,200 280,500 130,500 130,200" fill="none" fill-opacity="0.5" stroke="rgb(153,153,153)" stroke-width="1"/>"#,
                #"<polygon points="280,200 280,230 250,230 250,200" fill="red" fill-opacity="0.5" stroke="rgb(153,153,153)" stroke-width="1"/>"#,
                #"<polygon points="60.359,586.699 146.962,636.699 96.962,723.301 10.359,673.301" fill="none" fill-opacity="0.5" stroke="rgb(153,153,153)" stroke-width="1"/>"#,
            ])
    }
}

extension SceneTransformTests {
    /// `applyTransform: true` on a pan, on a view turned 90°: each action takes the translation in the view's
    /// own space ((0, −20) for 20 points right on the screen), folds it in with `translatedBy` (which acts
    /// before the turn, so the view moves 20 points right on the screen) and sets the translation back to zero.
    func testPanAppliesItsTranslationInTheViewsSpace() throws {
        let runner = try HeadlessAppRunner(
            sceneYAML: """
                windows:
                  - frame: [0, 0, 390, 844]
                    subviews:
                      - id: card
                        frame: [95, 300, 200, 200]
                        transform: {rotate: 90}
                        gestureRecognizers:
                          - kind: pan
                            action: {log: Dragged, state: true, values: true, applyTransform: true}
                """)
        let lines = runner.run(try GestureScript.parse("at 1 drag 195 400 -> 295 400 duration 0.1 steps 5\nat 2 tap 380 400\n"))
        XCTAssertEqual(
            lines.map(\.text),
            [
                "Dragged began translation=(20, 0) velocity=(1000, 0) → transform [0, 1, -1, 0, 20, 0]",
                "Dragged changed translation=(20, 0) velocity=(1000, 0) → transform [0, 1, -1, 0, 40, 0]",
                "Dragged changed translation=(20, 0) velocity=(1000, 0) → transform [0, 1, -1, 0, 60, 0]",
                "Dragged changed translation=(20, 0) velocity=(1000, 0) → transform [0, 1, -1, 0, 80, 0]",
                // A script's last step is the lift itself: ended brings the last 20 points.
                "Dragged ended translation=(20, 0) velocity=(1000, 0) → transform [0, 1, -1, 0, 100, 0]",
            ])
        let card = try XCTUnwrap(runner.scene.view("card"))
        XCTAssertEqual(card.frame, CGRect(x: 195, y: 300, width: 200, height: 200))
        XCTAssertIdentical(runner.application.hitTest(screenPoint: CGPoint(x: 380, y: 400), with: nil)?.view, card)
    }
}
