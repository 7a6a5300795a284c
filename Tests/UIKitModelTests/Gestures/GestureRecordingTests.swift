import Foundation
import TestSupport
import TouchRecording
import UIKitModel
import XCTest

/// Real touchscreen recordings (shared/recordings, a Wacom ISDv4 E6 panel, read in place) replayed through
/// the app's event path: the built-in recognizers recognize real taps, double taps, two-finger taps, swipes
/// and drags. The 2776 × 1569 panel is mapped onto a 1776 × 1004 point screen — its physical size (12.5",
/// 16:9) at iOS's 163 points per inch, so the 10-point and 50-point thresholds mean what they mean on a phone.
final class GestureRecordingTests: XCTestCase {
    private static let screen = CGSize(width: 1776, height: 1004)

    private var driver: TouchDriver!
    private var view: TouchLoggingView!

    override func setUp() {
        driver = TouchDriver(size: Self.screen)
        view = TouchLoggingView("PanelView", frame: CGRect(origin: .zero, size: Self.screen))
        driver.window.addSubview(view)
    }

    private func replay(_ name: String) throws {
        let recording = try EvemuRecording(evemuDevices: "wacom-isdv4-e6-finger.\(name).events")
        for frame in try recording.hidFrames(screen: Self.screen) { driver.post(frame.payload, at: frame.time) }
        driver.advance(to: 5)
    }

    private func actions() -> [String] { driver.trace.filter { !$0.hasPrefix("-[") } }

    func testSingleTap() throws {
        let single = UITapGestureRecognizer(action: .log("tap"))
        let double = UITapGestureRecognizer(action: .log("double tap"))
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        try replay("single-tap-center")
        XCTAssertEqual(actions(), ["tap"])
        // The lift's SYN_REPORT is 24.011 ms after the first event; then the double tap gives up 0.35 s later.
        XCTAssertEqual(driver.recorder.lines.filter { !$0.text.hasPrefix("-[") }.map(\.time), [1_374_011_000])
        // The panel view's end was held while the taps were possible, and released after 0.15 s.
        XCTAssertEqual(
            driver.recorder.lines.filter { $0.text.hasPrefix("-[") }.map { "\($0.time) \($0.text)" },
            [
                "1000024000 -[PanelView touchesBegan:withEvent:]",
                "1174011000 -[PanelView touchesEnded:withEvent:]",
            ])
    }

    func testDoubleTap() throws {
        let single = UITapGestureRecognizer(action: .log("tap"))
        let double = UITapGestureRecognizer(action: .log("double tap"))
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        try replay("double-tap-center")
        XCTAssertEqual(actions(), ["double tap"])
        // At the second lift's SYN_REPORT, 232.004 ms after the first event.
        XCTAssertEqual(driver.recorder.lines.filter { !$0.text.hasPrefix("-[") }.map(\.time), [1_232_004_000])
    }

    func testTwoFingerTap() throws {
        let one = UITapGestureRecognizer(action: .log("one-finger tap"))
        let two = UITapGestureRecognizer(action: .log("two-finger tap"))
        two.numberOfTouchesRequired = 2
        view.addGestureRecognizer(one)
        view.addGestureRecognizer(two)
        try replay("2fg-tap")
        XCTAssertEqual(actions(), ["two-finger tap"])
    }

    func testSwipeAcrossTheTop() throws {
        for (name, direction) in [("swipe right", UISwipeGestureRecognizer.Direction.right), ("swipe left", .left)] {
            let swipe = UISwipeGestureRecognizer(action: .log(name))
            swipe.direction = direction
            view.addGestureRecognizer(swipe)
        }
        try replay("single-top-swipe")
        XCTAssertEqual(actions(), ["swipe right"])
        XCTAssertTrue(driver.trace.contains("-[PanelView touchesCancelled:withEvent:]"))
    }

    func testOneFingerScrollIsAPanDown() throws {
        let pan = UIPanGestureRecognizer()
        var last = CGPoint.zero
        var states: [UIGestureRecognizer.State] = []
        pan.addTarget(
            .handler { r in
                states.append(r.state)
                last = (r as! UIPanGestureRecognizer).translation(in: nil)
            })
        view.addGestureRecognizer(pan)
        try replay("single-center-scroll")
        XCTAssertEqual(states.first, .began)
        XCTAssertEqual(states.last, .ended)
        XCTAssertEqual(states.dropFirst().dropLast().filter { $0 != .changed }, [])
        // (1376 - 1371, 1493 - 358) device units, scaled to points.
        XCTAssertEqual(last.x, 5 * 1776 / 2776, accuracy: 0.01)
        XCTAssertEqual(last.y, 1135 * 1004 / 1569, accuracy: 0.01)
    }

    func testTwoFingerScrollNeedsATwoFingerPan() throws {
        let oneFinger = UIPanGestureRecognizer(action: .log("one-finger pan"))
        oneFinger.maximumNumberOfTouches = 1
        let twoFinger = UIPanGestureRecognizer(action: .log("two-finger pan"))
        twoFinger.minimumNumberOfTouches = 2
        let delegate = ScriptedGestureDelegate()
        delegate.simultaneousWithAll = true
        oneFinger.delegate = delegate
        view.addGestureRecognizer(oneFinger)
        view.addGestureRecognizer(twoFinger)
        try replay("double-center-scroll")
        XCTAssertEqual(Set(actions()), ["one-finger pan", "two-finger pan"])
        XCTAssertEqual(actions().first, "one-finger pan", "the first finger lands 24 ms before the second")
    }

    /// evemu's 3M 22" panel (0...32767 on both axes, 16:10): its two-finger session from 3.9 s to 6.5 s
    /// turns the fingers about 87° clockwise while they close from 271 to 214 points apart. Rotation and
    /// pinch recognize together (delegate) and report what the geometry says.
    func testThreeMTwoFingerTurnIsARotationAndAPinch() throws {
        let screen = CGSize(width: 3048, height: 1907)  // 18.7" x 11.7" at 163 points per inch
        let driver = TouchDriver(size: screen)
        let panel = UIView(frame: CGRect(origin: .zero, size: screen))
        driver.window.addSubview(panel)
        let rotation = UIRotationGestureRecognizer()
        let pinch = UIPinchGestureRecognizer()
        var rotations: [CGFloat] = [], scales: [CGFloat] = []
        rotation.addTarget(.handler { rotations.append(($0 as! UIRotationGestureRecognizer).rotation) })
        pinch.addTarget(.handler { scales.append(($0 as! UIPinchGestureRecognizer).scale) })
        let delegate = ScriptedGestureDelegate()
        delegate.simultaneousWithAll = true
        rotation.delegate = delegate
        panel.addGestureRecognizer(rotation)
        panel.addGestureRecognizer(pinch)

        let recording = try EvemuRecording(evemu: "3m.event")
        for frame in try recording.hidFrames(screen: screen, window: 3.9...6.5) { driver.post(frame.payload, at: frame.time) }
        driver.advance(to: 5)

        XCTAssertGreaterThan(rotations.count, 10)
        XCTAssertEqual(rotation.state, .possible, "ended and reset")
        XCTAssertEqual(rotations.last ?? 0, 1.5199, accuracy: 0.01)
        XCTAssertEqual(scales.last ?? 0, 0.7894, accuracy: 0.01)
        XCTAssertEqual(zip(rotations, rotations.dropFirst()).filter { abs($1 - $0) > 0.3 }.count, 0, "no jumps")
    }
}
