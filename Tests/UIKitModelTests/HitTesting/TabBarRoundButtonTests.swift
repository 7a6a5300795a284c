import XCTest
import UIKitModel

/// A round button sticking out of a tab bar (deploy/scenes/tabbar-round-button*.yaml).
final class TabBarRoundButtonTests: XCTestCase {
    /// (195, 784): inside the button's top part, above the tab bar's bounds.
    static let outerPart: (Float, Float) = (195, 784)

    func testWithoutOverrideTheOuterPartGoesToTheViewBehind() throws {
        let app = try SceneFixture("tabbar-round-button")
        app.send([HIDFrames.frame(at: 1, [HIDFrames.finger(1, Self.outerPart.0, Self.outerPart.1, .down)])])
        XCTAssertEqual(
            app.trace,
            [
                "-[CustomTabBar hitTest:withEvent:]",
                "-[CustomTabBar pointInside:withEvent:]",
                "-[ContentView hitTest:withEvent:]",
                "-[ContentView pointInside:withEvent:]",
                "-[ContentView touchesBegan:withEvent:]",
            ])
    }

    func testWithPointInsideOverrideTheButtonGetsTheTouch() throws {
        let app = try SceneFixture("tabbar-round-button-pointinside")
        app.send(HIDFrames.tap(Self.outerPart.0, Self.outerPart.1, at: 1))
        let pass = [
            "-[CustomTabBar hitTest:withEvent:]",
            "-[CustomTabBar pointInside:withEvent:]",
            "-[CircleButton hitTest:withEvent:]",
            "-[CircleButton pointInside:withEvent:]",
        ]
        XCTAssertEqual(
            app.trace, pass + ["-[CircleButton touchesBegan:withEvent:]"] + pass + ["-[CircleButton touchesEnded:withEvent:]"])
    }

    /// The inner part of the button (inside the tab bar) works either way.
    func testInnerPartWorksWithoutOverride() throws {
        let app = try SceneFixture("tabbar-round-button")
        app.send([HIDFrames.frame(at: 1, [HIDFrames.finger(1, 195, 820, .down)])])
        XCTAssertEqual(app.trace.last, "-[CircleButton touchesBegan:withEvent:]")
    }

    /// The override accepts only the included child's frame, not the whole area above the tab bar.
    func testOverrideDoesNotWidenTheTabBarElsewhere() throws {
        let app = try SceneFixture("tabbar-round-button-pointinside")
        app.send([HIDFrames.frame(at: 1, [HIDFrames.finger(1, 50, 784, .down)])])
        XCTAssertEqual(
            app.trace,
            [
                "-[CustomTabBar hitTest:withEvent:]",
                "-[CustomTabBar pointInside:withEvent:]",
                "-[ContentView hitTest:withEvent:]",
                "-[ContentView pointInside:withEvent:]",
                "-[ContentView touchesBegan:withEvent:]",
            ])
    }
}
