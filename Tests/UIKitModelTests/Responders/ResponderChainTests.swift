import XCTest
import UIKitModel

/// deploy/scenes/responder-chain.yaml: a navigation stack, a presented controller, the window, the
/// application and the app delegate.
final class ResponderChainTests: XCTestCase {
    static let tabBarPass = ["-[CustomTabBar hitTest:withEvent:]", "-[CustomTabBar pointInside:withEvent:]"]

    func testChainFromTheButtonThroughControllersToTheAppDelegate() throws {
        let app = try SceneFixture("responder-chain")
        XCTAssertEqual(
            app.responder("circleButton").responderChainDescription,
            "CircleButton --> CustomTabBar --> UIView --> UIViewController --> UIViewControllerWrapperView --> "
                + "UINavigationTransitionView --> UILayoutContainerView --> UINavigationController --> UIWindow --> "
                + "UIApplication --> AppDelegate")
    }

    func testChainFromThePresentedControllersViewGoesToThePresenter() throws {
        let app = try SceneFixture("responder-chain")
        XCTAssertEqual(
            app.responder("searchField").responderChainDescription,
            "SearchField --> ModalView --> ModalViewController --> UINavigationController --> UIWindow --> "
                + "UIApplication --> AppDelegate")
        let modal = try XCTUnwrap(app.scene.viewController("modalController"))
        XCTAssertIdentical(modal.presentingViewController, app.scene.viewController("navigationController"))
        XCTAssertIdentical(app.scene.viewController("navigationController")?.presentedViewController, modal)
    }

    func testCustomNextReplacesTheSuperview() throws {
        let app = try SceneFixture("responder-chain")
        XCTAssertEqual(
            app.responder("badge").responderChain.prefix(3).map(\.traceClassName),
            ["FloatingBadge", "CircleButton", "CustomTabBar"])
    }

    /// CircleButton does not override (silent, passes on); CustomTabBar calls super (printed, passes on);
    /// the tab controller overrides without super (printed, the event stops: the delegate never sees it).
    func testOverrideWithoutSuperStopsTheEvent() throws {
        let app = try SceneFixture("responder-chain")
        app.send(HIDFrames.tap(195, 820, at: 1))
        XCTAssertEqual(
            app.trace,
            Self.tabBarPass + [
                "-[CustomTabBar touchesBegan:withEvent:]",
                "-[UIViewController touchesBegan:withEvent:]",
            ] + Self.tabBarPass + [
                "-[CustomTabBar touchesEnded:withEvent:]",
                "-[UIViewController touchesEnded:withEvent:]",
            ])
    }

    func testOverrideWithSuperPassesTheEventToTheEndOfTheChain() throws {
        let app = try SceneFixture("responder-chain")
        app.responder("tabController").overrides.set(.callSuper, for: ResponderOverrides.touchMethods)
        app.send([HIDFrames.frame(at: 1, [HIDFrames.finger(1, 195, 820, .down)])])
        XCTAssertEqual(
            app.trace,
            Self.tabBarPass + [
                "-[CustomTabBar touchesBegan:withEvent:]",
                "-[UIViewController touchesBegan:withEvent:]",
                "-[AppDelegate touchesBegan:withEvent:]",
            ])
    }

    func testNotOverridingPassesTheEventSilently() throws {
        let app = try SceneFixture("responder-chain")
        app.responder("tabController").overrides.set(.inherit, for: ResponderOverrides.touchMethods)
        app.send([HIDFrames.frame(at: 1, [HIDFrames.finger(1, 195, 820, .down)])])
        XCTAssertEqual(
            app.trace,
            Self.tabBarPass + [
                "-[CustomTabBar touchesBegan:withEvent:]",
                "-[AppDelegate touchesBegan:withEvent:]",
            ])
    }

    func testConsumingAtTheFirstViewStopsEverythingAfterIt() throws {
        let app = try SceneFixture("responder-chain")
        app.responder("tabBar").overrides.set(.consume, for: ResponderOverrides.touchMethods)
        app.send([HIDFrames.frame(at: 1, [HIDFrames.finger(1, 195, 820, .down)])])
        XCTAssertEqual(app.trace, Self.tabBarPass + ["-[CustomTabBar touchesBegan:withEvent:]"])
    }

    /// The badge's custom next is the round button, so its touches travel the button's chain.
    func testTouchesFollowTheCustomNext() throws {
        let app = try SceneFixture("responder-chain")
        app.send([HIDFrames.frame(at: 1, [HIDFrames.finger(1, 320, 720, .down)])])
        XCTAssertEqual(
            app.trace,
            Self.tabBarPass + [
                "-[CustomTabBar touchesBegan:withEvent:]",
                "-[UIViewController touchesBegan:withEvent:]",
            ])

        let plain = try SceneFixture("responder-chain")
        plain.responder("badge").nextResponderOverride = nil
        plain.send([HIDFrames.frame(at: 1, [HIDFrames.finger(1, 320, 720, .down)])])
        XCTAssertEqual(plain.trace, Self.tabBarPass + ["-[UIViewController touchesBegan:withEvent:]"])
    }

    func testApplicationsNextIsOnlyAResponderDelegate() {
        let app = UIApplication()
        XCTAssertNil(app.next)
        let delegate = AppDelegate()
        app.delegate = delegate
        XCTAssertIdentical(app.next, delegate)
        final class PlainDelegate: UIApplicationDelegate {}
        let plain = PlainDelegate()
        app.delegate = plain
        XCTAssertNil(app.next)
    }
}
