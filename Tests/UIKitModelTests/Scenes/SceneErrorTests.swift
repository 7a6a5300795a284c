import XCTest
import AppScene
import UIKitModel

/// Bad scene files fail with the YAML path of the culprit.
final class SceneErrorTests: XCTestCase {
    private func error(loading yaml: String, file: StaticString = #filePath, line: UInt = #line) -> SceneError? {
        do {
            _ = try SceneLoader().load(yaml: yaml)
            XCTFail("expected an error", file: file, line: line)
            return nil
        } catch let error as SceneError {
            return error
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
            return nil
        }
    }

    static let deepAlpha = """
        windows:
          - rootViewController:
              view:
                subviews:
                  - {id: a}
                  - {id: b}
                  - id: c
                    alpha: abc
        """

    func testBadNumberNamesItsPath() {
        let error = error(loading: Self.deepAlpha)
        XCTAssertEqual(
            error?.description, #"windows[0].rootViewController.view.subviews[2].alpha: expected a number, found "abc""#)
        XCTAssertEqual(error?.line, 8)
    }

    func testUnknownKeyNamesItsPathAndTheAllowedKeys() {
        let error = error(
            loading: """
                windows:
                  - rootViewController:
                      view: {id: root, alpah: 0.5}
                """)
        XCTAssertEqual(error?.path, "windows[0].rootViewController.view.alpah")
        XCTAssertEqual(
            error?.message,
            "unknown key; did you mean 'alpha'? (expected one of: alpha, backgroundColor, canBecomeFirstResponder, class, controller, exclusiveTouch, firstResponder, frame, gestureRecognizers, hidden, hitTest, id, implements, kind, log, motion, multipleTouchEnabled, next, pointInsideIncludes, presses, subviews, tag, touches, transform, userInteractionEnabled)"
        )
    }

    func testBadChoices() {
        XCTAssertEqual(
            error(loading: "windows:\n  - subviews:\n      - {hitTest: maybe}\n")?.description,
            #"windows[0].subviews[0].hitTest: expected one of default, self, nil, found "maybe""#)
        XCTAssertEqual(
            error(loading: "windows:\n  - subviews:\n      - {touches: {began: eat}}\n")?.description,
            #"windows[0].subviews[0].touches.began: expected one of inherit, super, consume, found "eat""#)
        XCTAssertEqual(
            error(loading: "windows:\n  - subviews:\n      - {touches: {start: super}}\n")?.path,
            "windows[0].subviews[0].touches.start")
        XCTAssertEqual(
            error(loading: "windows:\n  - subviews:\n      - {kind: picker}\n")?.description,
            #"windows[0].subviews[0].kind: unknown kind "picker" (known: button, collectionView, control, imageView, pageControl, scrollView, segmentedControl, slider, stepper, switch, tableView, view)"#
        )
        XCTAssertEqual(
            error(loading: "windows:\n  - subviews:\n      - {hidden: perhaps}\n")?.description,
            #"windows[0].subviews[0].hidden: expected true or false, found "perhaps""#)
        XCTAssertEqual(
            error(loading: "windows:\n  - subviews:\n      - {alpha: 2}\n")?.description,
            #"windows[0].subviews[0].alpha: expected a number from 0 to 1, found "2""#)
        XCTAssertEqual(
            error(loading: "windows:\n  - {level: high}\n")?.description,
            #"windows[0].level: expected a number or one of normal, statusBar, alert, found "high""#)
    }

    func testBadFrames() {
        XCTAssertEqual(
            error(loading: "windows:\n  - subviews:\n      - {frame: [1, 2, 3]}\n")?.description,
            "windows[0].subviews[0].frame: expected [x, y, width, height], found a list")
        XCTAssertEqual(
            error(loading: "windows:\n  - subviews:\n      - {frame: [1, 2, x, 4]}\n")?.description,
            #"windows[0].subviews[0].frame[2]: expected a number, found "x""#)
        XCTAssertEqual(
            error(loading: "windows:\n  - subviews:\n      - {frame: {x: 1, height: 4}}\n")?.description,
            "windows[0].subviews[0].frame: missing required key 'width'")
    }

    func testReferences() {
        XCTAssertEqual(
            error(loading: "windows:\n  - subviews:\n      - {id: a, next: nowhere}\n")?.description,
            "windows[0].subviews[0].next: no object with id 'nowhere' (ids: a, appDelegate, application)")
        XCTAssertEqual(
            error(loading: "windows:\n  - subviews:\n      - {id: a}\n      - {id: a}\n")?.description,
            "windows[0].subviews[1].id: duplicate id 'a'")
        XCTAssertEqual(
            error(loading: "windows:\n  - subviews:\n      - {id: a, pointInsideIncludes: [b]}\n      - {id: b}\n")?.description,
            "windows[0].subviews[0].pointInsideIncludes[0]: 'b' is not a subview of this view")
        XCTAssertEqual(
            error(loading: "windows:\n  - subviews:\n      - {firstResponder: true}\n      - {firstResponder: true}\n")?
                .description,
            "windows[0].subviews[1].firstResponder: only one object can be the first responder (already: windows[0].subviews[0].firstResponder)"
        )
        XCTAssertEqual(
            error(loading: "windows:\n  - subviews:\n      - {id: a, firstResponder: true}\nfirstResponder: a\n")?.description,
            "firstResponder: the first responder is already chosen with 'firstResponder: true'")
    }

    func testDocumentShape() {
        XCTAssertEqual(error(loading: "app: {bundleID: x}\n")?.description, "missing required key 'windows'")
        XCTAssertEqual(error(loading: "windows: []\n")?.description, "'windows' must list at least one window")
        XCTAssertEqual(error(loading: "windows: 3\n")?.description, #"windows: expected a list, found "3""#)
        XCTAssertEqual(
            error(loading: "windows:\n  - key: true\n  - key: true\n")?.description, "windows[1]: only one window can be key")
        XCTAssertEqual(error(loading: "")?.description, "the scene file is empty")
        XCTAssertTrue(error(loading: "windows: [\n")?.description.hasPrefix("YAML syntax error") == true)
    }

    func testExampleScenesLoad() throws {
        for name in ["abcdef", "tabbar-round-button", "tabbar-round-button-pointinside", "visibility", "responder-chain"] {
            let fixture = try SceneFixture(name)
            XCTAssertFalse(fixture.scene.bundleIdentifier.isEmpty, name)
            XCTAssertTrue(fixture.application.keyWindow != nil, name)
        }
    }

    func testPropertiesAreApplied() throws {
        let fixture = try SceneFixture(
            yaml: """
                app: {bundleID: com.example.props, displayName: Props}
                windows:
                  - id: w
                    level: statusBar
                    frame: {x: 0, y: 0, width: 320, height: 480}
                    rootViewController:
                      id: vc
                      class: MyViewController
                      view:
                        id: root
                        subviews:
                          - {id: v, class: Yellow, frame: [1, 2, 3, 4], hidden: true, alpha: 0.5, tag: 7,
                             userInteractionEnabled: false, backgroundColor: yellow}
                          - {id: img, class: UIImageView, image: cat}
                """)
        let v = fixture.view("v")
        XCTAssertEqual(v.frame, CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(v.traceClassName, "Yellow")
        XCTAssertTrue(v.isHidden)
        XCTAssertEqual(v.alpha, 0.5)
        XCTAssertEqual(v.tag, 7)
        XCTAssertFalse(v.isUserInteractionEnabled)
        XCTAssertEqual(v.backgroundColor, "yellow")
        XCTAssertEqual(v.accessibilityIdentifier, "v")
        XCTAssertTrue(fixture.view("img") is UIImageView, "class: UIImageView without kind picks imageView")
        let window = try XCTUnwrap(fixture.responder("w") as? UIWindow)
        XCTAssertEqual(window.windowLevel, .statusBar)
        XCTAssertEqual(fixture.view("root").frame, CGRect(x: 0, y: 0, width: 320, height: 480), "root view sized to the window")
        XCTAssertEqual(fixture.responder("vc").traceClassName, "MyViewController")
        XCTAssertEqual(fixture.scene.displayName, "Props")
    }
}

/// "Did you mean": the closest known name when a key, kind or id is one typo away; nothing when none is close.
final class SceneSuggestionTests: XCTestCase {
    private func error(_ yaml: String) -> String {
        do {
            _ = try SceneLoader().load(yaml: yaml)
            return "loaded"
        } catch {
            return "\(error)"
        }
    }

    func testTyposGetTheClosestName() {
        XCTAssertTrue(
            error("windows:\n  - subviews:\n      - {kind: buton}\n").hasPrefix(
                #"windows[0].subviews[0].kind: unknown kind "buton"; did you mean 'button'? (known: "#))
        XCTAssertTrue(
            error("windows:\n  - subviews:\n      - {id: a, next: b}\n      - {id: bb, subviews: [{hiden: true}]}\n")
                .hasPrefix("windows[0].subviews[1].subviews[0].hiden: unknown key; did you mean 'hidden'?"))
        XCTAssertEqual(
            error("windows:\n  - subviews:\n      - {id: table}\n      - {id: x, next: tabel}\n"),
            "windows[0].subviews[1].next: no object with id 'tabel'; did you mean 'table'? (ids: appDelegate, application, table, x)"
        )
        XCTAssertEqual(SceneSuggestion.closest(to: "alpah", in: ["alpha", "frame"]), "alpha", "a swap is one edit")
        XCTAssertNil(SceneSuggestion.closest(to: "zzz", in: ["alpha", "frame"]))
        XCTAssertNil(SceneSuggestion.closest(to: "ab", in: ["xy"]), "two edits in two letters is not a typo")
    }
}
