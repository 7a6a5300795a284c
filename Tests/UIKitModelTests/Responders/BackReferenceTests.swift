import XCTest

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
}
