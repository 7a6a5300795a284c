import GestureScript
import HIDEvent
import XCTest

final class GestureScriptFramesTests: XCTestCase {
    /// The finger the player produces (protocols/gesture-script.md, "Frames").
    private func finger(
        _ index: UInt32, _ x: Float, _ y: Float, _ phase: HIDDigitizerPhase,
        _ mask: HIDDigitizerEventMask
    ) -> HIDDigitizerEvent {
        let lifted = phase.contains(.ended) || phase.contains(.cancelled)
        return HIDDigitizerEvent(
            options: [.absolute, .builtIn], phase: phase, depth: 1, transducerIndex: index,
            transducerType: .finger, eventMask: mask, x: x, y: y, tipPressure: lifted ? 0 : 1,
            majorRadius: 6, minorRadius: 6, quality: 1, density: 1)
    }

    private func frame(_ time: UInt64, _ fingers: HIDDigitizerEvent...) -> TimedHIDPayload {
        TimedHIDPayload(time: time, payload: .digitizer(HIDDigitizerFrame(fingers: fingers)))
    }

    func testTap() throws {
        let frames = try GestureScript.parse("at 0.5 tap 150 300").frames()
        XCTAssertEqual(
            frames,
            [
                frame(500_000_000, finger(1000, 150, 300, .began, [.range, .touch])),
                frame(550_000_000, finger(1000, 150, 300, .ended, [.range, .touch])),
            ])
        // The parent is IOHIDFamily's collection: centroid, OR of masks, union of phases.
        guard case .digitizer(let first) = frames[0].payload else { return XCTFail() }
        XCTAssertEqual(
            first.parent,
            HIDDigitizerEvent(
                options: [.absolute, .collection], phase: .began, depth: 0,
                transducerIndex: 0, transducerType: .hand, eventMask: [.range, .touch],
                childEventMask: [.range, .touch], x: 150, y: 300))
        XCTAssertEqual(try GestureScript.tap(x: 150, y: 300, at: 0.5).frames(), frames)
    }

    func testTwoFingerTapIsOneFrameWithTwoChildren() throws {
        XCTAssertEqual(
            try GestureScript.parse("at 1 tap 100 200 fingers 2 duration 0.1").frames(),
            [
                frame(
                    1_000_000_000, finger(1000, 85, 200, .began, [.range, .touch]),
                    finger(1001, 115, 200, .began, [.range, .touch])),
                frame(
                    1_100_000_000, finger(1000, 85, 200, .ended, [.range, .touch]),
                    finger(1001, 115, 200, .ended, [.range, .touch])),
            ])
    }

    func testScriptFingersSameInstantAndStationaryFingers() throws {
        let script = try GestureScript.parse(
            """
            at 2.000 down 1 100 100              # finger 1 down
            at 2.016 move 1 110 100
            at 2.016 down 2 200 100              # same time = same frame
            at 2.033 move 2 210 100
            at 2.100 up 1 ; at 2.100 cancel 2
            """)
        XCTAssertEqual(
            script.frames(),
            [
                frame(2_000_000_000, finger(1, 100, 100, .began, [.range, .touch])),
                frame(2_016_000_000, finger(1, 110, 100, .changed, .position), finger(2, 200, 100, .began, [.range, .touch])),
                // Finger 1 rests: included with empty phase and mask.
                frame(2_033_000_000, finger(1, 110, 100, [], []), finger(2, 210, 100, .changed, .position)),
                frame(
                    2_100_000_000, finger(1, 110, 100, .ended, [.range, .touch]),
                    finger(2, 210, 100, .cancelled, [.range, .touch, .cancel])),
            ])
    }

    func testDragWithSteps() throws {
        let frames = try GestureScript.parse("at 1.000 drag 100 400 -> 100 100 duration 0.3 steps 3").frames()
        XCTAssertEqual(
            frames,
            [
                frame(1_000_000_000, finger(1000, 100, 400, .began, [.range, .touch])),
                frame(1_100_000_000, finger(1000, 100, 300, .changed, .position)),
                frame(1_200_000_000, finger(1000, 100, 200, .changed, .position)),
                // The last step is reported by the lift itself.
                frame(1_300_000_000, finger(1000, 100, 100, .ended, [.range, .touch, .position])),
            ])
        XCTAssertEqual(
            try GestureScript.drag(
                from: GesturePoint(x: 100, y: 400), to: GesturePoint(x: 100, y: 100),
                duration: 0.3, steps: 3, at: 1
            ).frames(), frames)
    }

    func testButtonsMotionAndOrderingAtOneInstant() throws {
        let frames = try GestureScript.parse(
            """
            at 3 press home
            at 4 shake ; at 4 button volumeUp down
            at 4 tap 10 20
            at 4.2 button volumeUp up
            """
        ).frames()
        XCTAssertEqual(
            frames,
            [
                TimedHIDPayload(time: 3_000_000_000, payload: .button(HIDButtonEvent(button: .home, isDown: true))),
                TimedHIDPayload(time: 3_100_000_000, payload: .button(HIDButtonEvent(button: .home, isDown: false))),
                // Same instant: the digitizer frame first, then the others in source order.
                frame(4_000_000_000, finger(1000, 10, 20, .began, [.range, .touch])),
                TimedHIDPayload(time: 4_000_000_000, payload: .motion(HIDMotionEvent(phase: .began))),
                TimedHIDPayload(time: 4_000_000_000, payload: .button(HIDButtonEvent(button: .volumeUp, isDown: true))),
                frame(4_050_000_000, finger(1000, 10, 20, .ended, [.range, .touch])),
                TimedHIDPayload(time: 4_200_000_000, payload: .button(HIDButtonEvent(button: .volumeUp, isDown: false))),
                TimedHIDPayload(time: 4_500_000_000, payload: .motion(HIDMotionEvent(phase: .ended))),
            ])
        XCTAssertEqual(try GestureScript.press(.home, at: 3).frames(), Array(frames[0..<2]))
    }

    func testSwipePinchRotateGeometry() throws {
        let swipe = try GestureScript.parse("at 0 swipe left from 300 200 distance 100 duration 0.1 steps 2").frames()
        XCTAssertEqual(swipe.map(\.time), [0, 50_000_000, 100_000_000])
        XCTAssertEqual(positions(swipe), [[300, 200], [250, 200], [200, 200]])

        let pinch = try GestureScript.parse("at 0 pinch 200 300 from 100 to 200 duration 0.2 steps 2").frames()
        XCTAssertEqual(positions(pinch), [[150, 300, 250, 300], [125, 300, 275, 300], [100, 300, 300, 300]])
        XCTAssertEqual(indices(pinch), [[1000, 1001], [1000, 1001], [1000, 1001]])

        let rotate = try GestureScript.parse("at 0 rotate 100 100 radius 50 by 3.14159265 duration 0.2 steps 2").frames()
        let quarter = positions(rotate)[1].map { $0.rounded() }
        XCTAssertEqual(positions(rotate)[0], [150, 100, 50, 100])
        XCTAssertEqual(quarter, [100, 150, 100, 50])  // clockwise on screen: +x turns towards +y
        XCTAssertEqual(
            try GestureScript.swipe(.left, from: GesturePoint(x: 300, y: 200), distance: 100, duration: 0.1, steps: 2).frames(),
            swipe)
    }

    func testGeneratedAndScriptFingersKeepStableDistinctIndices() throws {
        let frames = try GestureScript.parse(
            """
            at 0 down 1 10 10
            at 0.01 tap 50 50
            at 0.1 drag 0 0 -> 10 0 duration 0.1 steps 1
            at 0.3 up 1
            at 0.4 down 1 20 20 ; at 0.5 up 1
            """
        ).frames()
        XCTAssertEqual(indices(frames), [[1], [1, 1000], [1, 1000], [1, 1001], [1, 1001], [1], [1], [1]])
    }

    func testPlayedFramesAreAPossibleStreamAndValidMessages() throws {
        let script = try GestureScript.parse(
            """
            # times in seconds from the start; coordinates in points (screen space)
            at 0.000 tap 150 300                 # down, then up 0.05 s later
            at 1.000 drag 100 400 -> 100 100 duration 0.3 steps 10
            at 2.000 down 1 100 100              # finger 1 down
            at 2.016 move 1 110 100
            at 2.016 down 2 200 100              # same time = same frame
            at 2.100 up 1 ; at 2.100 up 2
            at 3.000 press home                  # button down+up
            at 4.000 shake
            at 5 pinch 200 300 from 50 to 250 duration 0.5
            at 5.2 rotate 100 500 radius 40 by -1.5 duration 0.4
            at 5.3 swipe up from 200 600
            """)
        var verifier = HIDStreamVerifier()
        var last: UInt64 = 0
        for (sequence, event) in script.frames().enumerated() {
            XCTAssertGreaterThanOrEqual(event.time, last)
            last = event.time
            let bytes = try HIDEncoder.encode(event.message(sequence: UInt64(sequence), senderID: 1, hardware: event.time))
            let message = try HIDDecoder.decode(bytes)
            XCTAssertEqual(message.payload, event.payload)
            if case .digitizer(let frame) = event.payload { try verifier.verify(frame) }
        }
        XCTAssertEqual(verifier.fingersDown, [])
        // Overlapping gestures share frames: at 5.3 s the pinch and rotation move while the swipe begins.
        let at53 = script.frames().filter { $0.time == 5_300_000_000 }
        XCTAssertEqual(indices(at53), [[1002, 1003, 1004, 1005, 1006]])
        XCTAssertEqual(at53.first.map { phases($0) }, [.changed, .changed, .changed, .changed, .began])
    }

    private func phases(_ event: TimedHIDPayload) -> [HIDDigitizerPhase] {
        if case .digitizer(let f) = event.payload { return f.children.map(\.phase) }
        return []
    }

    private func positions(_ frames: [TimedHIDPayload]) -> [[Float]] {
        frames.compactMap {
            if case .digitizer(let f) = $0.payload { return f.children.flatMap { [$0.x, $0.y] } }; return nil
        }
    }

    private func indices(_ frames: [TimedHIDPayload]) -> [[UInt32]] {
        frames.compactMap {
            if case .digitizer(let f) = $0.payload { return f.children.map(\.transducerIndex) }; return nil
        }
    }
}
