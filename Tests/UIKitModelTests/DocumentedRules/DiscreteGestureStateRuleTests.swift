import Foundation
import XCTest
@testable import UIKitModel

/// developer.apple.com/documentation/uikit/uigesturerecognizer/state-swift.enum: discrete gestures go from
/// possible to recognized (`.ended`) or failed and never pass through began or changed; continuous ones go
/// began, changed…, ended (or cancelled). Explained traces show every transition the environment applies;
/// each action records the state it was sent for.
final class DiscreteGestureStateRuleTests: XCTestCase {
    private var driver: TouchDriver!
    private var view: UIView!

    override func setUp() {
        driver = TouchDriver()
        driver.recorder.explains = true
        view = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        driver.window.addSubview(view)
    }

    /// The recognizers' transitions and their actions, in order ("time text").
    private var stateTrace: [String] {
        driver.recorder.lines.filter { $0.kind == .transition || $0.kind == .line }.map {
            String(format: "%.3f ", Double($0.time) / 1e9) + $0.text.trimmingCharacters(in: .whitespaces)
        }
    }

    private func reportingState(_ recognizer: UIGestureRecognizer, as name: String) {
        let recorder = driver.recorder
        recognizer.name = name
        recognizer.addTarget(.handler { recorder.record("\(name) action: \($0.state)") })
        view.addGestureRecognizer(recognizer)
    }

    func testATapGoesPossibleToRecognizedWithOneAction() {
        reportingState(UITapGestureRecognizer(), as: "tap")
        driver.tap(100, 100, at: 1.0)
        XCTAssertEqual(
            stateTrace,
            [
                "1.050 UITapGestureRecognizer 'tap' possible → ended",
                "1.050 tap action: ended",
                "1.050 UITapGestureRecognizer 'tap' ended → possible",
            ])
    }

    func testASwipeGoesPossibleToRecognizedDuringTheMovement() {
        reportingState(UISwipeGestureRecognizer(), as: "swipe")
        driver.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 200, y: 300), at: 1.0, duration: 0.1, steps: 4)
        XCTAssertEqual(
            stateTrace,
            [
                "1.050 UISwipeGestureRecognizer 'swipe' possible → ended",
                "1.050 swipe action: ended",
                "1.100 UISwipeGestureRecognizer 'swipe' ended → possible",
            ])
    }

    func testAFailedTapSendsNoAction() {
        reportingState(UITapGestureRecognizer(), as: "tap")
        driver.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 160, y: 300), at: 1.0, duration: 0.1, steps: 2)
        XCTAssertEqual(
            stateTrace,
            [
                "1.050 UITapGestureRecognizer 'tap' possible → failed",
                "1.100 UITapGestureRecognizer 'tap' failed → possible",
            ])
    }

    /// The contrast: a pan (continuous) passes through began and changed.
    func testAPanGoesThroughBeganAndChanged() {
        reportingState(UIPanGestureRecognizer(), as: "pan")
        driver.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 160, y: 300), at: 1.0, duration: 0.1, steps: 2)
        XCTAssertEqual(
            stateTrace,
            [
                "1.050 UIPanGestureRecognizer 'pan' possible → began",
                "1.050 pan action: began",
                "1.100 UIPanGestureRecognizer 'pan' began → changed",
                "1.100 pan action: changed",
                "1.100 UIPanGestureRecognizer 'pan' changed → ended",
                "1.100 pan action: ended",
                "1.100 UIPanGestureRecognizer 'pan' ended → possible",
            ])
    }
}
