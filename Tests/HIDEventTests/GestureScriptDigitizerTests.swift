import GestureScript
import HIDEvent
import XCTest

/// The gesture script's digitizer statement (protocols/gesture-script.md, "Digitizer"): scans at 60/120/240
/// Hz, lifts in frames of their own, per-finger pressure and radii, seeded jitter; and the gestures it
/// synthesizes: n-taps, swipes with a speed, drags along a path, n-finger drags and swipes.
final class GestureScriptDigitizerTests: XCTestCase {
    /// "time phase x,y" of every changing finger.
    private func changes(_ frames: [TimedHIDPayload]) -> [String] {
        frames.flatMap { timed -> [String] in
            guard case .digitizer(let frame) = timed.payload else { return [] }
            return frame.children.filter { !$0.phase.isEmpty }.map { "\(timed.time) \($0.phase.rawValue) \($0.x),\($0.y)" }
        }
    }

    private func verify(_ frames: [TimedHIDPayload]) throws {
        var verifier = HIDStreamVerifier()
        for timed in frames { if case .digitizer(let frame) = timed.payload { try verifier.verify(frame) } }
        XCTAssertEqual(verifier.fingersDown, [])
    }

    /// A 50 ms tap at 10 ms on a 120 Hz panel: reported down at the first scan after it touches (16.67 ms),
    /// lifted at the first scan after it left (66.67 ms); the still scans between report nothing.
    func testATapIsReportedAtTheScansAfterItsTouchAndLift() throws {
        let frames = try GestureScript.parse("at 0 digitizer rate 120\nat 0.01 tap 100 200").frames()
        XCTAssertEqual(changes(frames), ["16666666 1 100.0,200.0", "66666666 4 100.0,200.0"])
        try verify(frames)
    }

    /// A 0.1 s drag at 60 Hz: down at 0, a move at each scan where the finger is (1/6 of the way per scan),
    /// and the lift at the scan after the last move, in a frame of its own with no movement (the finger is
    /// reported where the last move left it, as real panels send the lift).
    func testTheLiftIsAFrameOfItsOwn() throws {
        let frames = try GestureScript.parse("at 0 digitizer rate 60\nat 0 drag 0 0 -> 120 0 duration 0.1").frames()
        XCTAssertEqual(
            changes(frames),
            [
                "0 1 0.0,0.0", "16666666 2 20.0,0.0", "33333333 2 40.0,0.0", "50000000 2 60.0,0.0", "66666666 2 80.0,0.0",
                "83333333 2 100.0,0.0", "100000000 4 100.0,0.0",
            ])
        try verify(frames)
    }

    func testRatesSetTheScans() throws {
        for (rate, moves) in [(60, 5), (120, 11), (240, 23)] {
            let frames = try GestureScript.parse("at 0 digitizer rate \(rate)\nat 0 drag 0 0 -> 100 0 duration 0.1").frames()
            XCTAssertEqual(changes(frames).count, 1 + moves + 1, "\(rate) Hz")
            XCTAssertEqual(frames.last?.time, 100_000_000, "\(rate) Hz")
        }
        XCTAssertThrowsError(try GestureScript.parse("at 0 digitizer rate 100")) { error in
            XCTAssertEqual("\(error)", "line 1, column 6: expected a rate of 60, 120 or 240 Hz, found 100")
        }
        XCTAssertThrowsError(try GestureScript.parse("at 0 digitizer\nat 1 digitizer rate 60")) { error in
            XCTAssertEqual("\(error)", "line 2, column 6: expected at most one 'digitizer' statement, found a second one")
        }
    }

    /// The statement's contact is every finger's unless its `down` says otherwise; lifts report 0 pressure.
    func testPerFingerPressureAndRadii() throws {
        let frames = try GestureScript.parse(
            """
            at 0 digitizer rate 240 pressure 0.5 radius 8
            at 0 down 1 10 10 pressure 0.9 radius 10 minor 7 ; at 0.1 up 1
            at 0 tap 100 100
            """
        ).frames()
        guard case .digitizer(let first) = frames[0].payload else { return XCTFail("no frame") }
        XCTAssertEqual(first.children.map(\.tipPressure), [0.9, 0.5])
        XCTAssertEqual(first.children.map(\.majorRadius), [10, 8])
        XCTAssertEqual(first.children.map(\.minorRadius), [7, 8])
        guard case .digitizer(let last) = frames[frames.count - 1].payload else { return XCTFail("no frame") }
        XCTAssertEqual(last.children.map(\.tipPressure), [0])
        // Without the statement a finger's own contact still applies.
        let plain = try GestureScript.parse("at 0 down 1 10 10 pressure 0.25 radius 3 ; at 0.1 up 1").frames()
        guard case .digitizer(let down) = plain[0].payload else { return XCTFail("no frame") }
        XCTAssertEqual(down.children[0].tipPressure, 0.25)
        XCTAssertEqual(down.children[0].minorRadius, 3)
        XCTAssertThrowsError(try GestureScript.parse("at 0 down 1 10 10 pressure 2"))
    }

    /// Jitter: up to J points on each axis, the same for the same seed; a finger held still then moves.
    func testJitterIsSeededAndBounded() throws {
        func play(_ seed: Int) throws -> [TimedHIDPayload] {
            try GestureScript.parse("at 0 digitizer rate 120 jitter 0.5 seed \(seed)\nat 0 tap 50 50 duration 0.2").frames()
        }
        XCTAssertEqual(try play(1), try play(1))
        XCTAssertNotEqual(try play(1), try play(2))
        let frames = try play(1)
        for timed in frames {
            guard case .digitizer(let frame) = timed.payload else { continue }
            for child in frame.children {
                XCTAssertLessThanOrEqual(abs(child.x - 50), 0.5)
                XCTAssertLessThanOrEqual(abs(child.y - 50), 0.5)
            }
        }
        XCTAssertEqual(changes(frames).count, 1 + 23 + 1)  // down, a move at every scan, the lift at 0.2 s
        try verify(frames)
    }

    /// `tap ... taps 3`: three taps, each 0.05 s, the next 0.1 s after each lift; two fingers each.
    func testNTaps() throws {
        let frames = try GestureScript.parse("at 1 tap 100 100 taps 3 fingers 2").frames()
        XCTAssertEqual(
            frames.map(\.time), [1_000_000_000, 1_050_000_000, 1_150_000_000, 1_200_000_000, 1_300_000_000, 1_350_000_000])
        XCTAssertEqual(changes(frames).count, 12)
        try verify(frames)
    }

    /// `speed` sets a swipe's duration; `fingers` swipes or drags a row of fingers 30 points apart; a drag
    /// follows its path by length.
    func testSwipeSpeedFingersAndDragPath() throws {
        XCTAssertEqual(
            try GestureScript.parse("at 0 swipe right from 0 0 distance 300 speed 1500").frames(),
            try GestureScript.parse("at 0 swipe right from 0 0 distance 300 duration 0.2").frames())
        let two = try GestureScript.parse("at 0 swipe up from 100 500 fingers 2 steps 1").frames()
        XCTAssertEqual(changes(two), ["0 1 85.0,500.0", "0 1 115.0,500.0", "150000000 4 85.0,300.0", "150000000 4 115.0,300.0"])
        let path = try GestureScript.parse("at 0 drag 0 0 -> 100 0 -> 100 100 duration 0.4 steps 4").frames()
        XCTAssertEqual(
            changes(path),
            ["0 1 0.0,0.0", "100000000 2 50.0,0.0", "200000000 2 100.0,0.0", "300000000 2 100.0,50.0", "400000000 4 100.0,100.0"])
        try verify(two)
        try verify(path)
    }
}
