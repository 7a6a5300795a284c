import CAllocationCounter
import HeadlessApp
import HIDEvent
import TestSupport
import UIKitModel
import XCTest

/// Heap allocations of an app that falls behind (issue 27, deploy/bench's saturation): each pass finds several
/// frames waiting, decodes each as app-host does (`HIDMessageView.message(reusingFingers:)` into a finger array
/// from `UIEventFetcher.takeFingerStorage`), and UIKit folds the moves into one event whose samples are
/// `coalescedTouches(for:)`. Every received frame needs a finger array of its own until the next event replaces
/// those samples: the dispatcher's pool gets them back then, so a steady run allocates nothing per frame. Counted
/// as DispatchAllocationTests count (this thread, after a warm-up, on a second app).
final class CoalescingAllocationTests: XCTestCase {
    /// Allocations counted, and frames UIKit folded into a later event meanwhile.
    private typealias Counted = (allocations: Int64, coalesced: UInt64)

    private func skipUnlessHooked() throws {
        try XCTSkipUnless(tp_allocation_counting_is_hooked() != 0, "malloc is not hooked on this platform (glibc only)")
    }

    /// Allocations for `passes` passes of `perPass` moves of `fingers` fingers, after a down and `warmUp` passes.
    /// `senders`: each pass's moves come from that many senders in turn, a run each (UIKit folds one sender's only).
    private func coalescedMovesAllocations(
        fingers: UInt32, perPass: Int, passes: Int, senders: Int = 1, warmUp: Int = 8
    ) throws -> Counted {
        _ = try coalescedMovesAllocationsOnce(
            fingers: fingers, perPass: perPass, passes: passes, senders: senders, warmUp: warmUp)
        return try coalescedMovesAllocationsOnce(
            fingers: fingers, perPass: perPass, passes: passes, senders: senders, warmUp: warmUp)
    }

    private func coalescedMovesAllocationsOnce(
        fingers: UInt32, perPass: Int, passes: Int, senders: Int, warmUp: Int
    ) throws -> Counted {
        let runner = try HeadlessAppRunner(
            sceneURL: SharedPaths.packageRoot.appendingPathComponent("deploy/apps/bench/bench.yaml"))
        runner.application.trace.retainsLines = false
        runner.application.configureDisplay(refreshHz: nil, renderDelayFrames: nil, immediate: true)
        let fetcher = runner.application.eventFetcher!
        let dispatcher = runner.application.eventDispatcher!
        var sequence: UInt64 = 0
        func frame(_ change: HIDFingerChange, step: Int) throws -> [UInt8] {
            sequence += 1
            let message = HIDMessage(
                envelope: HIDEnvelope(
                    kind: .digitizer, sequence: sequence, senderID: 1 + UInt64(max(step - 1, 0) % perPass * senders / perPass),
                    timestamps: HIDHopTimestamps(hardware: 1_000_000_000 + UInt64(step) * 1_000_000)),
                payload: .digitizer(
                    HIDDigitizerFrame(
                        fingers: (1...fingers).map { finger in
                            HIDDigitizerEvent(
                                finger: finger, change, x: 40 + Float(finger) * 30, y: 200 + Float(step) / 4,
                                identity: finger, tipPressure: change.contains(.up) ? 0 : 1)
                        })))
            return try HIDEncoder.encode(message)
        }
        // Encoded before counting: the frames are springboard's bytes, not the app's.
        let down = try frame(.down, step: 0)
        let moves = try (1...((warmUp + passes) * perPass)).map { try frame(.move, step: $0) }
        var report: [UIEventDispatcher.Dispatched] = []
        var token: UInt64 = 0
        // One pass: the frames app-host's drain would find in the socket, decoded as it decodes them, then the loop.
        // The clock moves as the frames' hardware times do (a recognizer's velocity window is on the loop's clock).
        var passesRun = 0
        func pass(_ frames: ArraySlice<[UInt8]>) throws {
            _ = runner.application.advanceMainLoop(to: 1_000_000_000 + UInt64(passesRun * perPass) * 1_000_000)
            passesRun += 1
            for bytes in frames {
                var storage = fetcher.takeFingerStorage()
                let message = try bytes.withUnsafeBytes { try HIDMessageView(validating: $0).message(reusingFingers: &storage) }
                token += 1
                fetcher.receive(message, delivery: token)
            }
            _ = runner.application.runMainLoopUntilIdle()
            dispatcher.takeDispatched(into: &report)  // as the host's ack pass does, its two buffers swapped
        }
        try pass([down][...])
        for index in 0..<warmUp { try pass(moves[(index * perPass)..<((index + 1) * perPass)]) }
        let foldedBefore = dispatcher.framesCoalescedInQueue
        tp_allocation_counting_begin()
        for index in warmUp..<(warmUp + passes) { try pass(moves[(index * perPass)..<((index + 1) * perPass)]) }
        let allocations = tp_allocation_counting_end()
        return (allocations, dispatcher.framesCoalescedInQueue - foldedBefore)
    }

    func testOneFingerMovesTenAPassAllocateNothing() throws {
        try skipUnlessHooked()
        // Was 300 (1.5 a received frame) with a pool of 4 finger arrays: the samples' arrays were never given back,
        // and each event's samples array grew from empty.
        let counted = try coalescedMovesAllocations(fingers: 1, perPass: 10, passes: 20)
        XCTAssertEqual(counted.coalesced, 20 * 9, "nine of each pass's ten moves fold into its event")
        XCTAssertEqual(counted.allocations, 0, "20 passes of 10 one-finger moves")
    }

    func testTwoFingerMovesFortyAPassAllocateNothing() throws {
        try skipUnlessHooked()
        // Was 470 (1.2 a received frame) with the pool of 4.
        let counted = try coalescedMovesAllocations(fingers: 2, perPass: 40, passes: 10)
        XCTAssertEqual(counted.coalesced, 10 * 39)
        XCTAssertEqual(counted.allocations, 0, "10 passes of 40 two-finger moves")
    }

    func testTwoRunsOfMovesAPassAllocateNothing() throws {
        try skipUnlessHooked()
        // Two runs a pass (the second sender's moves are not folded into the first's), two events: each run's samples
        // array is a spare one, the one the event before gave back.
        let counted = try coalescedMovesAllocations(fingers: 1, perPass: 20, passes: 10, senders: 2)
        XCTAssertEqual(counted.coalesced, 10 * 18, "each pass: two runs of ten, nine folds each")
        XCTAssertEqual(counted.allocations, 0, "10 passes of two runs of 10 one-finger moves")
    }
}
