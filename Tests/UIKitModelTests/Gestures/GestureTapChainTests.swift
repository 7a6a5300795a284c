import Foundation
import XCTest
@testable import UIKitModel

/// Single, double and triple tap recognizers on one view, chained with `require(toFail:)` (single waits
/// for double, double for triple): each number of taps fires exactly one action, the right one, after the
/// right delay (`GestureConstants.tapMaximumInterval`, 0.35 s, after the last lift when a recognizer
/// needing more taps has to give up first).
final class GestureTapChainTests: XCTestCase {
    private var driver: TouchDriver!
    private var single: UITapGestureRecognizer!
    private var double: UITapGestureRecognizer!
    private var triple: UITapGestureRecognizer!

    override func setUp() {
        driver = TouchDriver()
        let view = UIView(frame: CGRect(x: 50, y: 50, width: 300, height: 300))
        driver.window.addSubview(view)
        single = UITapGestureRecognizer(action: .log("single"))
        double = UITapGestureRecognizer(action: .log("double"))
        double.numberOfTapsRequired = 2
        triple = UITapGestureRecognizer(action: .log("triple"))
        triple.numberOfTapsRequired = 3
        single.require(toFail: double)
        double.require(toFail: triple)
        for recognizer in [single!, double!, triple!] { view.addGestureRecognizer(recognizer) }
    }

    private func actionLines() -> [(String, UInt64)] {
        driver.recorder.lines.map { ($0.text, $0.time) }
    }

    /// Documented rule (developer.apple.com/documentation/uikit/preferring-one-gesture-over-another): a single tap that requires a double tap
    /// to fail waits for it (here through `require(toFail:)`; the delegate form is PreferringOneGestureRuleTests).
    func testOneTapFiresSingleAfterTheDoubleTapGivesUp() {
        driver.tap(200, 200, at: 1.00)  // lifts at 1.05
        driver.advance(to: 1.399)
        XCTAssertEqual(driver.trace, [], "single waits for double to fail")
        XCTAssertEqual(single.state, .possible)
        driver.advance(to: 3)
        XCTAssertEqual(actionLines().map(\.0), ["single"])
        XCTAssertEqual(actionLines().map(\.1), [1_400_000_000])
        XCTAssertEqual([single.state, double.state, triple.state], [.possible, .possible, .possible])
    }

    func testTwoTapsFireDoubleAfterTheTripleTapGivesUp() {
        driver.tap(200, 200, at: 1.00)
        driver.tap(202, 201, at: 1.20)  // lifts at 1.25
        driver.advance(to: 3)
        XCTAssertEqual(actionLines().map(\.0), ["double"])
        XCTAssertEqual(actionLines().map(\.1), [1_600_000_000])
    }

    func testThreeTapsFireTripleAtTheLastLift() {
        driver.tap(200, 200, at: 1.00)
        driver.tap(200, 200, at: 1.20)
        driver.tap(200, 200, at: 1.40)  // lifts at 1.45
        driver.advance(to: 3)
        XCTAssertEqual(actionLines().map(\.0), ["triple"])
        XCTAssertEqual(actionLines().map(\.1), [1_450_000_000])
    }

    func testTwoTapsTooFarApartInTimeAreTwoSingles() {
        driver.tap(200, 200, at: 1.00)  // single at 1.40
        driver.tap(200, 200, at: 1.50)  // a new sequence: single at 1.90
        driver.advance(to: 3)
        XCTAssertEqual(actionLines().map(\.0), ["single", "single"])
        XCTAssertEqual(actionLines().map(\.1), [1_400_000_000, 1_900_000_000])
    }

    /// Without `require(toFail:)`, UIKit fires the single tap at the first lift and the double tap at the
    /// second: a tap needing fewer taps does not make one needing more fail.
    func testWithoutRequirementsADoubleTapFiresBoth() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        let other = TouchDriver()
        other.window.addSubview(view)
        view.addGestureRecognizer(UITapGestureRecognizer(action: .log("single")))
        let double = UITapGestureRecognizer(action: .log("double"))
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(double)
        other.tap(200, 200, at: 1.00)
        other.tap(200, 200, at: 1.20)
        other.advance(to: 3)
        XCTAssertEqual(other.recorder.lines.map(\.text), ["single", "double"])
        XCTAssertEqual(other.recorder.lines.map(\.time), [1_050_000_000, 1_250_000_000])
    }

    /// UIKit: a multi-tap reports the location of the first tap of the sequence.
    func testADoubleTapReportsItsFirstTap() {
        var locations: [CGPoint] = []
        double.addTarget(
            .handler {
                locations.append($0.location(in: nil)); locations.append($0.location(in: $0.view))
            })
        driver.tap(200, 200, at: 1.00)
        driver.tap(210, 206, at: 1.20)
        driver.advance(to: 3)
        XCTAssertEqual(locations, [CGPoint(x: 200, y: 200), CGPoint(x: 150, y: 150)])
    }

    func testTwoFingerTap() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        let other = TouchDriver()
        other.window.addSubview(view)
        let twoFinger = UITapGestureRecognizer(action: .log("two-finger tap"))
        twoFinger.numberOfTouchesRequired = 2
        view.addGestureRecognizer(twoFinger)
        other.tap(100, 100, at: 1)
        XCTAssertEqual(other.trace, [], "one finger is not enough")
        other.frame(at: 2.00, [HIDFrames.finger(1, 100, 100, .down), HIDFrames.finger(2, 200, 100, .down)])
        other.frame(at: 2.05, [HIDFrames.finger(1, 100, 100, .up), HIDFrames.finger(2, 200, 100, .up)])
        XCTAssertEqual(other.trace, ["two-finger tap"])
    }
}
