import XCTest
import Foundation
import UIKitModel

final class ViewControllerTests: XCTestCase {
    func testRootViewChildrenPresentAndDismiss() {
        let app = DirectApp()
        let root = app.controller
        XCTAssertIdentical(root.view.next, root)
        XCTAssertIdentical(root.next, app.window)
        XCTAssertEqual(root.view.frame, app.window.bounds)

        let child = UIViewController()
        root.addChild(child)
        root.view.addSubview(child.view)
        XCTAssertIdentical(child.parent, root)
        XCTAssertIdentical(child.next, root.view, "a child controller's next is its view's superview")

        let modal = UIViewController()
        root.present(modal)
        XCTAssertIdentical(root.presentedViewController, modal)
        XCTAssertIdentical(modal.presentingViewController, root)
        XCTAssertIdentical(modal.view.superview, app.window)
        XCTAssertTrue(app.window.subviews.last === modal.view, "presented view is frontmost")
        XCTAssertEqual(modal.view.frame, app.window.bounds)
        XCTAssertIdentical(modal.next, root)

        let second = UIViewController()
        root.present(second)
        XCTAssertIdentical(second.presentingViewController, modal, "presenting again presents from the top")

        root.dismiss()
        XCTAssertNil(root.presentedViewController)
        XCTAssertNil(modal.view.superview)
        XCTAssertNil(second.view.superview)
        child.removeFromParent()
        XCTAssertTrue(root.children.isEmpty)
    }

    func testSceneChildrenAreAppendedAfterSubviews() throws {
        let fixture = try SceneFixture(
            yaml: """
                windows:
                  - rootViewController:
                      id: parent
                      view:
                        id: root
                        subviews: [{id: first}]
                      children:
                        - id: child
                          class: ChildViewController
                          view: {id: childView, frame: [0, 0, 10, 10]}
                """)
        XCTAssertEqual(fixture.view("root").subviews.map(\.accessibilityIdentifier), ["first", "childView"])
        XCTAssertEqual(
            fixture.responder("childView").responderChainDescription,
            "UIView --> ChildViewController --> UIView --> UIViewController --> UIWindow --> UIApplication --> AppDelegate")
    }

    func testEndWithheldByTheInterceptorIsReleasedLater() {
        final class HoldEnds: TouchInterceptor {
            var held: [UITouch] = []
            func window(_ window: UIWindow, willDeliver touches: [UITouch], event: UIEvent) -> TouchDeliveryPlan {
                var plan = TouchDeliveryPlan(delivering: touches)
                for touch in touches where touch.phase == .ended {
                    plan.withhold(touch)
                    held.append(touch)
                }
                return plan
            }
        }
        let view = RecordingView()
        let app = DirectApp(root: view)
        let interceptor = HoldEnds()
        app.application.touchInterceptor = interceptor
        app.send([HIDFrames.frame(at: 1.0, [HIDFrames.finger(1, 100, 100, .down)])])
        let event = app.application.eventDispatcher.touchesEvent!
        app.send([HIDFrames.frame(at: 1.1, [HIDFrames.finger(1, 100, 100, .up)])])
        XCTAssertEqual(view.summary, ["began 1"])
        var release = TouchDeliveryPlan()
        release.replay(TouchReplay(interceptor.held, phase: .ended))
        app.window.execute(release, event: event)
        XCTAssertEqual(view.summary, ["began 1", "ended 1"])
    }
}
