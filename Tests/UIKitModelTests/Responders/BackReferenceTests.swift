import XCTest

@testable import RunLoopKit
@testable import UIKitModel

/// UIKit's back references (`superview`, a recognizer's `view`, a window's application, a root view's controller)
/// are neither retained nor weak here, as UIKit's `assign` ones: each owner's deinit clears them. An object that
/// outlives its owner must then read nil, never a freed object.
final class BackReferenceTests: XCTestCase {
    func testASubviewAndARecognizerThatOutliveTheirViewPointNowhere() {
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let recognizer = UITapGestureRecognizer()
        do {
            let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            parent.addSubview(child)
            parent.addGestureRecognizer(recognizer)
            XCTAssertTrue(child.superview === parent)
            XCTAssertTrue(recognizer.view === parent)
        }
        XCTAssertNil(child.superview)
        XCTAssertNil(recognizer.view)
    }

    func testAWindowAndADelegateThatOutliveTheirApplicationPointNowhere() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let delegate = AppDelegate()
        var environment: UIGestureEnvironment?
        do {
            let application = UIApplication()
            application.delegate = delegate
            application.addWindow(window)
            environment = application.gestureEnvironment
            XCTAssertTrue(window.application === application)
            XCTAssertTrue(delegate.application === application)
            application.delegate = nil
            XCTAssertNil(delegate.application, "a replaced delegate lets go")
            application.delegate = delegate
        }
        XCTAssertNil(window.application)
        XCTAssertNil(delegate.application)
        XCTAssertNil(environment?.application)
    }

    func testARootViewThatOutlivesItsControllerHasNoController() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        do {
            let controller = UIViewController()
            controller.view = view
            XCTAssertTrue(view.viewController === controller)
        }
        XCTAssertNil(view.viewController)
    }
    /// A recognizer's timers must not keep it alive, nor outlive it: a double tap removed from its view between
    /// its two taps, while its 0.35 s wait for the second tap is scheduled, is freed and leaves no timer of its
    /// own on the run loop. (The timers hold it unowned, not weakly: a weak reference would give every
    /// recognizer a side table, and each retain and release on the touch path would take the slow way.)
    func testARecognizerRemovedWhileItsTimerWaitsIsFreedWithItsTimer() {
        let driver = TouchDriver()
        let runLoop = driver.app.runLoop
        func scheduledTimers() -> [String] {  // a common-modes timer is in every common mode: listed once
            var seen = Set<ObjectIdentifier>()
            return runLoop.modes.values.flatMap(\.timers).filter { $0.isValid && seen.insert(ObjectIdentifier($0)).inserted }
                .map { $0.name ?? "?" }.sorted()
        }
        let before = scheduledTimers()
        let view = driver.addFullScreenView()
        weak var freed: UITapGestureRecognizer?
        do {
            let doubleTap = UITapGestureRecognizer()
            doubleTap.numberOfTapsRequired = 2
            view.addGestureRecognizer(doubleTap)
            freed = doubleTap
            driver.tap(100, 100, at: 0.1)
            // The wait for the second tap, and UIKit's 0.15 s hold on the view's touchesEnded while it may come.
            let waiting = ["UIGestureEnvironment after 0.15 s", "UITapGestureRecognizer after 0.35 s"]
            XCTAssertEqual(scheduledTimers(), (before + waiting).sorted())
            view.removeGestureRecognizer(doubleTap)
        }
        XCTAssertNil(freed, "its timers do not keep it alive")
        XCTAssertFalse(scheduledTimers().contains("UITapGestureRecognizer after 0.35 s"))
        driver.advance(to: 2)  // past every deadline
        XCTAssertEqual(scheduledTimers(), before)
    }

    /// An app torn down while a double tap waits for its second tap is freed with its views and recognizers: the
    /// ended touch the recognizer still tracks holds its view, which holds the recognizer (a cycle the
    /// application's deinit breaks).
    func testAnAppTornDownWhileADoubleTapWaitsIsFreedWithItsViewsAndRecognizers() {
        weak var freedApp: UIApplication?
        weak var freedView: UIView?
        weak var freedRecognizer: UITapGestureRecognizer?
        do {
            let driver = TouchDriver()
            let view = driver.addFullScreenView()
            let doubleTap = UITapGestureRecognizer()
            doubleTap.numberOfTapsRequired = 2
            view.addGestureRecognizer(doubleTap)
            driver.tap(100, 100, at: 0.1)
            freedApp = driver.app
            freedView = view
            freedRecognizer = doubleTap
        }
        XCTAssertNil(freedApp)
        XCTAssertNil(freedView)
        XCTAssertNil(freedRecognizer)
    }
}
