import Foundation
import XCTest
@testable import UIKitModel

/// developer.apple.com/documentation/uikit/preferring-one-gesture-over-another: a single tap and a double
/// tap on one view; the delegate's `gestureRecognizer(_:shouldRequireFailureOf:)` (the page's example) makes
/// the single tap wait until the double tap fails, so one tap fires only the single tap, late, and two taps
/// fire only the double tap. `require(toFail:)`, the static form, is GestureTapChainTests.
final class PreferringOneGestureRuleTests: XCTestCase {
    private var driver: TouchDriver!
    private var single: UITapGestureRecognizer!
    private var double: UITapGestureRecognizer!
    private var delegate: PreferDoubleTapDelegate!

    override func setUp() {
        driver = TouchDriver()
        let view = TouchLoggingView("TapView", frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        driver.window.addSubview(view)
        single = UITapGestureRecognizer(action: .log("single tap"))
        double = UITapGestureRecognizer(action: .log("double tap"))
        double.numberOfTapsRequired = 2
        delegate = PreferDoubleTapDelegate(double: double)
        single.delegate = delegate
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
    }

    private var timedTrace: [String] {
        driver.recorder.lines.map { String(format: "%.3f ", Double($0.time) / 1e9) + $0.text }
    }

    /// One tap: the double tap gives up 0.35 s after the lift; only then does the single tap recognize. The
    /// view's end, held while the two recognizers were possible (delaysTouchesEnded), went after 0.15 s, so
    /// there is nothing left to cancel.
    func testOneTapWaitsForTheDoubleTapToFail() {
        driver.tap(200, 200, at: 1.0)
        driver.advance(to: 3)
        XCTAssertEqual(
            timedTrace,
            [
                "1.000 -[TapView touchesBegan:withEvent:]",
                "1.200 -[TapView touchesEnded:withEvent:]",
                "1.400 single tap",
            ])
    }

    /// Two taps: the double tap recognizes and the single tap, waiting for it, fails.
    func testTwoTapsFireOnlyTheDoubleTap() {
        driver.tap(200, 200, at: 1.0)
        driver.tap(200, 200, at: 1.2)
        driver.advance(to: 3)
        XCTAssertEqual(
            timedTrace,
            [
                "1.000 -[TapView touchesBegan:withEvent:]",
                "1.200 -[TapView touchesEnded:withEvent:]",
                "1.200 -[TapView touchesBegan:withEvent:]",
                "1.250 double tap",
                "1.250 -[TapView touchesCancelled:withEvent:]",
            ])
    }

    /// Without the delegate, the page's "normally": the single tap recognizes at the first lift.
    func testWithoutTheDelegateTheSingleTapRecognizesAtOnce() {
        single.delegate = nil
        driver.tap(200, 200, at: 1.0)
        driver.advance(to: 3)
        XCTAssertEqual(
            timedTrace,
            [
                "1.000 -[TapView touchesBegan:withEvent:]",
                "1.050 single tap",
                "1.050 -[TapView touchesCancelled:withEvent:]",
            ])
    }
}

/// The page's delegate: the single tap requires the double tap to fail.
private final class PreferDoubleTapDelegate: UIGestureRecognizerDelegate {
    weak var double: UIGestureRecognizer?
    init(double: UIGestureRecognizer) { self.double = double }

    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        otherGestureRecognizer === double
    }
}
