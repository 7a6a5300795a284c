import Foundation
import XCTest
@testable import UIKitModel

/// What real panels send and scripted gestures hide (issue 13's findings), each in its minimal form: one finger
/// lifting while another moves in the same frame, a change and an end in one frame, a lift as its own frame a
/// few milliseconds after the last move, and a small turn of two close fingers.
final class GestureRealInputTests: FullScreenViewTestCase {

    private func fingers(_ t: Double, _ fingers: [HIDFrames.Finger]) { driver.frame(at: t, fingers) }

    /// Two fingers still, then finger 1 lifts while finger 2 moves 1 point, in one frame: the centroid of
    /// the fingers on the glass jumps 50 points, but no finger moved more than 1 point, so no pan.
    func testPanDoesNotCountALiftingFingerAsMovement() {
        let pan = UIPanGestureRecognizer()
        pan.addTarget(.handler { self.log.append("pan \($0.state)") })
        view.addGestureRecognizer(pan)
        fingers(1.00, [.init(index: 1, x: 100, y: 300, change: .down), .init(index: 2, x: 200, y: 300, change: .down)])
        fingers(1.30, [.init(index: 1, x: 100, y: 300, change: .up), .init(index: 2, x: 201, y: 300, change: .move)])
        fingers(1.40, [.init(index: 2, x: 201, y: 300, change: .up)])
        XCTAssertEqual(log, [])
        XCTAssertEqual(pan.state, .possible, "failed and reset")
    }

    /// A two-finger long press that has begun: in one frame finger 1 moves (changed) and finger 2 lifts
    /// (ended). The target gets changed, then ended: once each, each reading the state it reports.
    func testChangedAndEndedInOneFrameAreEachSentOnce() {
        let press = UILongPressGestureRecognizer()
        press.numberOfTouchesRequired = 2
        press.addTarget(.handler { self.log.append("press \($0.state)") })
        view.addGestureRecognizer(press)
        fingers(1.00, [.init(index: 1, x: 100, y: 300, change: .down), .init(index: 2, x: 200, y: 300, change: .down)])
        driver.advance(to: 1.6)
        fingers(1.70, [.init(index: 1, x: 102, y: 300, change: .move), .init(index: 2, x: 200, y: 300, change: .up)])
        fingers(1.80, [.init(index: 1, x: 102, y: 300, change: .up)])
        XCTAssertEqual(log, ["press began", "press changed", "press ended"])
    }

    /// A flick at 100 Hz (5 points every 10 ms), then the lift in a frame of its own 10 ms later with no
    /// movement, as real panels send it: `.ended` reports the flick's velocity over the last 20 ms of moves
    /// (340 → 350 points from 1.08 to 1.10 s: 500 pt/s), not the zero of the still last step.
    func testPanVelocityAtTheEndIsTheFlickVelocity() {
        let pan = UIPanGestureRecognizer()
        var velocities: [String] = []
        pan.addTarget(
            .handler { r in
                let v = (r as! UIPanGestureRecognizer).velocity(in: nil)
                velocities.append("\(r.state) \(Int(v.x.rounded())) \(Int(v.y.rounded()))")
            })
        view.addGestureRecognizer(pan)
        driver.down(100, 300, at: 1.00)
        for step in 1...10 { driver.move(100, 300 + CGFloat(step) * 5, at: 1.00 + Double(step) * 0.01) }
        driver.up(100, 350, at: 1.11)
        XCTAssertEqual(velocities.first, "began 0 500")
        XCTAssertEqual(velocities.last, "ended 0 500")
        XCTAssertEqual(velocities.count, 9)
    }

    /// The same for a pinch: the separation grows 10 points every 10 ms from 100, the lift comes 10 ms
    /// after the last change; the end velocity is the scale's change over the last 20 ms of moves.
    func testPinchVelocityAtTheEndIsOverRecentSamples() {
        let pinch = UIPinchGestureRecognizer()
        var velocities: [String] = []
        pinch.addTarget(
            .handler { r in
                velocities.append(String(format: "%@ %.3f", "\(r.state)", (r as! UIPinchGestureRecognizer).velocity))
            })
        view.addGestureRecognizer(pinch)
        fingers(1.00, [.init(index: 1, x: 150, y: 400, change: .down), .init(index: 2, x: 250, y: 400, change: .down)])
        for step in 1...6 {
            let d = Float(step) * 5
            fingers(
                1.00 + Double(step) * 0.01,
                [.init(index: 1, x: 150 - d, y: 400, change: .move), .init(index: 2, x: 250 + d, y: 400, change: .move)])
        }
        fingers(1.07, [.init(index: 1, x: 120, y: 400, change: .up), .init(index: 2, x: 280, y: 400, change: .up)])
        // Began at 1.02 (120 apart: scale 1.2 after 0.02 s: 10 per second); the end: 1.4 at 1.04, 1.6 at
        // 1.06: 10 per second.
        XCTAssertEqual(velocities.first, "began 10.000")
        XCTAssertEqual(velocities.last, "ended 10.000")
    }

    /// The same for a rotation: fingers 200 points apart turn 3° every 10 ms; the still lift 10 ms after the
    /// last turn keeps the turn's velocity, 6° per 20 ms (5.236 radians per second).
    func testRotationVelocityAtTheEndIsOverRecentSamples() {
        let rotation = UIRotationGestureRecognizer()
        var velocities: [String] = []
        rotation.addTarget(
            .handler { r in
                velocities.append(String(format: "%@ %.3f", "\(r.state)", (r as! UIRotationGestureRecognizer).velocity))
            })
        view.addGestureRecognizer(rotation)
        func at(_ degrees: CGFloat) -> (Float, Float, Float, Float) {
            let a = degrees * .pi / 180
            return (Float(200 - 100 * cos(a)), Float(400 - 100 * sin(a)), Float(200 + 100 * cos(a)), Float(400 + 100 * sin(a)))
        }
        var p = at(0)
        fingers(1.00, [.init(index: 1, x: p.0, y: p.1, change: .down), .init(index: 2, x: p.2, y: p.3, change: .down)])
        for step in 1...10 {
            p = at(CGFloat(step) * 3)
            fingers(
                1.00 + Double(step) * 0.01,
                [.init(index: 1, x: p.0, y: p.1, change: .move), .init(index: 2, x: p.2, y: p.3, change: .move)])
        }
        fingers(1.11, [.init(index: 1, x: p.0, y: p.1, change: .up), .init(index: 2, x: p.2, y: p.3, change: .up)])
        XCTAssertEqual(velocities.first, "began 5.236")
        XCTAssertEqual(velocities.last, "ended 5.236")
        XCTAssertEqual(velocities.count, 10)
    }

    /// Two fingers 40 points apart turn 6°: past the 5° hysteresis, but each finger moved about 2 points
    /// along its arc, jitter for a two-finger scroll. The same 6° with fingers 200 points apart moves each
    /// 10.5 points: a rotation.
    func testRotationNeedsTheFingersToTravelAlongTheirArc() {
        let rotation = UIRotationGestureRecognizer()
        rotation.addTarget(.handler { self.log.append("rotation \($0.state)") })
        view.addGestureRecognizer(rotation)
        func turn(spread: CGFloat, at t: Double) {
            let r = spread / 2, a = 6 * CGFloat.pi / 180
            fingers(
                t,
                [
                    .init(index: 1, x: Float(200 - r), y: 400, change: .down),
                    .init(index: 2, x: Float(200 + r), y: 400, change: .down),
                ])
            fingers(
                t + 0.05,
                [
                    .init(index: 1, x: Float(200 - r * cos(a)), y: Float(400 - r * sin(a)), change: .move),
                    .init(index: 2, x: Float(200 + r * cos(a)), y: Float(400 + r * sin(a)), change: .move),
                ])
            fingers(
                t + 0.10,
                [
                    .init(index: 1, x: Float(200 - r * cos(a)), y: Float(400 - r * sin(a)), change: .up),
                    .init(index: 2, x: Float(200 + r * cos(a)), y: Float(400 + r * sin(a)), change: .up),
                ])
        }
        turn(spread: 40, at: 1)
        XCTAssertEqual(log, [])
        turn(spread: 200, at: 2)
        XCTAssertEqual(log, ["rotation began", "rotation ended"])
    }
}
