import AppScene
import ExampleKit
import Foundation
import TouchPipelineTesting
import Testing
import UIKitModel

/// Swift Testing: the example's scene file with its classes registered, as `example-app` runs it. The
/// controller's `shouldReceive` keeps the dismiss tap off the widened icon, and lets it have empty space.
@Suite struct KeyboardDismissControllerTests {
    static let scene = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenes/custom-views.yaml")

    let app: TouchTestApp

    init() throws {
        let classes = SceneClassRegistry()
        ExampleClasses.register(in: classes)
        app = try TouchTestApp(sceneURL: Self.scene, classes: classes)
    }

    @Test func theSceneIsMadeOfTheRegisteredClasses() {
        #expect(app.scene.view("icon") is WideHitView)
        #expect(app.scene.viewController("controller") is KeyboardDismissController)
        #expect(app.scene.view("canvas")?.gestureRecognizers?.first is TwoFingerTapRecognizer)
        #expect((app.scene.viewController("controller") as? KeyboardDismissController)?.dismissTap != nil)
    }

    @Test func aTapOnTheIconIsNotTheDismissTaps() throws {
        let trace = try app.play("at 0 tap 102 92")
        #expect(
            trace.lines == [
                "-[WideHitView hitTest:withEvent:]", "-[KeyboardDismissController gestureRecognizer:shouldReceiveTouch:]",
                "-[WideHitView touchesBegan:withEvent:]", "-[WideHitView hitTest:withEvent:]",
                "-[WideHitView touchesEnded:withEvent:]", "WideHitView tapped (1)",
            ])
        #expect(
            trace.explained.contains(
                "-[KeyboardDismissController gestureRecognizer:shouldReceiveTouch:] → NO (WideHitView handles its own taps)"))
    }

    @Test func aTapInEmptySpaceDismissesTheKeyboard() throws {
        let trace = try app.play("at 0 tap 300 200")
        #expect(trace.lines.contains("keyboard dismissed (1)"))
        #expect(trace.transitions.first == "UITapGestureRecognizer 'dismissTap' possible → ended")
    }
}
