import HIDEvent
import XCTest

final class HIDStreamVerifierTests: XCTestCase {
    private func f(_ index: UInt32, _ phase: HIDDigitizerPhase) -> HIDDigitizerEvent {
        HIDDigitizerEvent(phase: phase, transducerIndex: index, x: 1, y: 2)
    }

    private func frame(_ fingers: HIDDigitizerEvent...) -> HIDDigitizerFrame { HIDDigitizerFrame(fingers: fingers) }

    func testAcceptsAPossibleSequence() throws {
        var verifier = HIDStreamVerifier()
        try verifier.verify(frame(f(1, .began)))
        try verifier.verify(frame(f(1, .changed), f(2, .began)))
        try verifier.verify(frame(f(1, []), f(2, .changed)))
        XCTAssertEqual(verifier.fingersDown, [1, 2])
        try verifier.verify(frame(f(1, .ended), f(2, [])))
        XCTAssertEqual(verifier.fingersDown, [2])
        try verifier.verify(frame(f(2, .cancelled)))
        XCTAssertEqual(verifier.fingersDown, [])
        // A zero-length tap: began and ended in one frame.
        try verifier.verify(frame(f(3, [.began, .ended])))
        XCTAssertEqual(verifier.fingersDown, [])
        // Hovering is not tracked.
        try verifier.verify(frame(f(4, .mayBegin)))
        // The index may be reused once lifted.
        try verifier.verify(frame(f(1, .began)))
        XCTAssertEqual(verifier.fingersDown, [1])
    }

    func testRejectsImpossibleFramesWithoutChangingState() throws {
        var verifier = HIDStreamVerifier()
        try verifier.verify(frame(f(1, .began)))
        let cases: [(HIDDigitizerFrame, HIDStreamError)] = [
            (frame(f(1, .began)), HIDStreamError(.beganWhileDown, transducerIndex: 1, phase: .began)),
            (frame(f(1, []), f(2, .changed)), HIDStreamError(.unknownFinger, transducerIndex: 2, phase: .changed)),
            (frame(f(1, []), f(7, .ended)), HIDStreamError(.unknownFinger, transducerIndex: 7, phase: .ended)),
            (frame(f(1, []), f(7, .cancelled)), HIDStreamError(.unknownFinger, transducerIndex: 7, phase: .cancelled)),
            (frame(f(1, []), f(7, [])), HIDStreamError(.unknownFinger, transducerIndex: 7, phase: [])),
            (frame(f(2, .began)), HIDStreamError(.fingerMissing, transducerIndex: 1, phase: [])),
            (frame(f(1, .changed), f(1, .changed)), HIDStreamError(.duplicateFinger, transducerIndex: 1, phase: .changed)),
        ]
        for (bad, expected) in cases {
            XCTAssertThrowsError(try verifier.verify(bad)) { XCTAssertEqual($0 as? HIDStreamError, expected) }
            XCTAssertEqual(verifier.fingersDown, [1], "state changed by a rejected frame")
        }
        try verifier.verify(frame(f(1, .ended)))
        XCTAssertEqual(verifier.fingersDown, [])
    }

    func testVerifiesViewsAndIgnoresOtherKinds() throws {
        var verifier = HIDStreamVerifier()
        for vector in ["tap-began-1finger", "button-home-down", "tap-ended-1finger", "motion-shake-began"] {
            let bytes = HIDVectors.encoded(HIDVectors.valid.first { $0.name == vector }!.message)
            try bytes.withUnsafeBytes { try verifier.verify(try HIDMessageView(validating: $0)) }
        }
        XCTAssertEqual(verifier.fingersDown, [])
        let moved = HIDVectors.encoded(HIDVectors.valid.first { $0.name == "frame-2fingers-moved" }!.message)
        XCTAssertThrowsError(try moved.withUnsafeBytes { try verifier.verify(try HIDMessageView(validating: $0)) }) {
            XCTAssertEqual($0 as? HIDStreamError, HIDStreamError(.unknownFinger, transducerIndex: 1, phase: .changed))
        }
        verifier.reset()
        XCTAssertEqual(verifier.fingersDown, [])
    }
}
