import AppScene
import TouchPipelineTesting
import UIKitModel
import XCTest

/// Scene files that name Swift classes (`SceneClassRegistry`): the loader makes them with their factories,
/// configures them with the scene's keys, and refuses mismatches by name.
final class SceneClassRegistryTests: XCTestCase {
    /// A view that takes touches 20 points beyond its bounds (a widened hitTest, as a dependent writes it).
    final class PaddedView: UIView {
        override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
            bounds.insetBy(dx: -20, dy: -20).contains(point)
        }

        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            traceCall("touchesEnded:withEvent:", group: .touches, touches: touches)
        }
    }

    final class CountingController: UIViewController {
        var loads = 0
        override func viewDidLoad() { loads += 1 }
    }

    final class NeverRecognizer: UIGestureRecognizer {
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { state = .failed }
    }

    private func registry() -> SceneClassRegistry {
        let registry = SceneClassRegistry()
        registry.register(PaddedView.self) { PaddedView() }
        registry.register(CountingController.self, as: "Counting") { CountingController() }
        registry.register(NeverRecognizer.self) { NeverRecognizer() }
        return registry
    }

    private var scene: String {
        scene(recognizers: "\n            gestureRecognizers:\n              - {id: never, class: NeverRecognizer}")
    }

    private func scene(recognizers: String) -> String {
        """
        windows:
          - rootViewController:
              id: vc
              class: Counting
              view:
                id: root
                subviews:
                  - id: padded
                    class: PaddedView
                    frame: [100, 100, 10, 10]
                    log: [touches]\(recognizers)
        """
    }

    func testRegisteredClassesAreMadeByTheirFactoriesAndConfiguredByTheScene() throws {
        let app = try TouchTestApp(sceneYAML: scene, classes: registry())
        let padded = try XCTUnwrap(app.scene.view("padded"))
        XCTAssertTrue(padded is PaddedView)
        XCTAssertEqual(padded.frame, CGRect(x: 100, y: 100, width: 10, height: 10))
        XCTAssertTrue(padded.gestureRecognizers?.first is NeverRecognizer)
        XCTAssertEqual((app.scene.viewController("vc") as? CountingController)?.loads, 1)
        // 15 points left of the view: outside its bounds, inside its padding.
        let trace = try app.tap(85, 105)
        XCTAssertEqual(trace.lines, ["-[PaddedView touchesEnded:withEvent:]"])
        XCTAssertEqual(
            trace.transitions, ["NeverRecognizer 'never' possible → failed", "NeverRecognizer 'never' failed → possible"])
    }

    func testAnUnregisteredNameStaysATraceNameAndAMismatchIsRefusedByName() throws {
        let plain = try SceneLoader(classes: SceneClassRegistry()).load(yaml: scene(recognizers: ""))
        XCTAssertEqual(plain.view("padded")?.traceClassName, "PaddedView")
        XCTAssertFalse(plain.view("padded") is PaddedView)

        let swapped = scene.replacingOccurrences(of: "class: PaddedView", with: "class: NeverRecognizer")
        XCTAssertThrowsError(try SceneLoader(classes: registry()).load(yaml: swapped)) { error in
            XCTAssertEqual(
                "\(error)",
                "windows[0].rootViewController.view.subviews[0].class: class NeverRecognizer is registered as a "
                    + "gesture recognizer, not a view")
            XCTAssertEqual((error as? SceneError)?.line, 9)
        }
        let withKind = scene.replacingOccurrences(of: "frame: [100, 100, 10, 10]", with: "kind: view")
        XCTAssertThrowsError(try SceneLoader(classes: registry()).load(yaml: withKind)) { error in
            XCTAssertEqual(
                "\(error)",
                "windows[0].rootViewController.view.subviews[0].kind: class PaddedView is a registered "
                    + "Swift class: its factory makes it, so leave out kind")
        }
    }
}
