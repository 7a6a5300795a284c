import HIDEvent
import XCTest

@testable import SpringBoardCore

/// springboard's stream checks answer a move of the fingers down without the verifier's walk
/// (`HIDStreamVerifier.passesUnchanged`, then `verify` when it says false): the verdict (error and all) and the state
/// after it must be the walk's alone, frame after frame, whatever the stream.
final class StreamCheckTests: XCTestCase {
    private func view<R>(_ fingers: [HIDDigitizerEvent], _ body: (HIDMessageView) throws -> R) throws -> R {
        let message = HIDMessage(
            envelope: HIDEnvelope(kind: .digitizer, sequence: 1, senderID: 7),
            payload: .digitizer(HIDDigitizerFrame(fingers: fingers)))
        let bytes = try HIDEncoder.encode(message)
        return try bytes.withUnsafeBytes { try body(try HIDMessageView(validating: $0)) }
    }

    private func verdict(_ body: () throws(HIDStreamError) -> Void) -> HIDStreamError? {
        do throws(HIDStreamError) {
            try body()
            return nil
        } catch {
            return error
        }
    }

    /// 200,000 frames of random streams (fingers 0...4 of indices 1...5, every phase combination the wire allows, moves
    /// of the fingers down more often than not): both verifiers agree on every frame and hold the same fingers after it.
    func testTheShortcutAndThenTheWalkAgreeWithTheWalkOnEveryFrame() throws {
        var random = SplitMix64(seed: 27)
        let phases: [HIDDigitizerPhase] = [
            .began, .changed, [], .ended, .cancelled, [.began, .ended], [.changed, .ended], [.began, .changed],
            HIDDigitizerPhase(rawValue: 0x80), [.changed, .cancelled],
        ]
        var walked = HIDStreamVerifier(), routed = HIDStreamVerifier()
        var passedUnchanged = 0, shortcut = 0, refused = 0
        for step in 0..<200_000 {
            if step % 5_000 == 0 {
                walked.reset()
                routed.reset()
            }
            var fingers: [HIDDigitizerEvent] = []
            if random.chance(60) {
                // The fingers down, moved (sometimes one more, one fewer, or one changed phase).
                for index in walked.fingersDown {
                    fingers.append(
                        HIDDigitizerEvent(phase: random.chance(90) ? .changed : [], transducerIndex: index, x: 1, y: 2))
                }
                if random.chance(10), !fingers.isEmpty { fingers.removeLast() }
                if random.chance(10) {
                    fingers.append(
                        HIDDigitizerEvent(
                            phase: phases[random.below(phases.count)], transducerIndex: UInt32(1 + random.below(5)), x: 3, y: 4))
                }
                if random.chance(10), !fingers.isEmpty {
                    let i = random.below(fingers.count)
                    fingers[i] = HIDDigitizerEvent(
                        phase: phases[random.below(phases.count)], transducerIndex: fingers[i].transducerIndex, x: 5, y: 6)
                }
            } else {
                for _ in 0..<random.below(5) {
                    fingers.append(
                        HIDDigitizerEvent(
                            phase: phases[random.below(phases.count)], transducerIndex: UInt32(1 + random.below(5)), x: 7, y: 8))
                }
            }
            // A frame naming one index twice does not validate (`duplicateTransducerIndex`): no view, nothing to check.
            guard Set(fingers.map(\.transducerIndex)).count == fingers.count else { continue }
            try view(fingers) { view in
                let before = walked.fingersDown
                let shortcutSays = routed.passesUnchanged(view)
                let expected = verdict { () throws(HIDStreamError) in try walked.verify(view) }
                let got = verdict { () throws(HIDStreamError) in
                    if !routed.passesUnchanged(view) { try routed.verify(view) }
                }
                XCTAssertEqual(got, expected, "step \(step): \(fingers.map { ($0.transducerIndex, $0.phase.rawValue) })")
                XCTAssertEqual(routed.fingersDown, walked.fingersDown, "step \(step)")
                if expected == nil, before == walked.fingersDown, !before.isEmpty { passedUnchanged += 1 }
                // The shortcut only ever says yes where the walk passes and changes nothing.
                if shortcutSays {
                    shortcut += 1
                    XCTAssertNil(expected, "step \(step)")
                    XCTAssertEqual(walked.fingersDown, before, "step \(step)")
                }
                if expected != nil { refused += 1 }
            }
            if walked.fingersDown != routed.fingersDown { return }
        }
        // The streams exercised both sides: frames the shortcut may answer, and refusals.
        XCTAssertGreaterThan(passedUnchanged, 20_000)
        XCTAssertGreaterThan(shortcut, 20_000)
        XCTAssertGreaterThan(refused, 20_000)
    }
}
