import AppChannel
import HIDEvent
import SpringBoardCore
import XCTest

final class RoutingQueueTests: XCTestCase {
    func testAckWindowIsFIFOAndBounded() {
        var window = AckWindow(capacity: 3)
        XCTAssertTrue(window.push(sequence: 1, sentAt: 100))
        XCTAssertTrue(window.push(sequence: 2, sentAt: 200))
        XCTAssertTrue(window.push(sequence: 3, sentAt: 300))
        XCTAssertFalse(window.push(sequence: 4, sentAt: 400))
        XCTAssertEqual(window.oldest?.sentAt, 100)
        XCTAssertEqual(window.acknowledge(1)?.sentAt, 100)
        XCTAssertNil(window.acknowledge(1), "a second ack for the same sequence is not waiting")
        XCTAssertTrue(window.push(sequence: 4, sentAt: 400))
        // An ack for 3 settles 2 as well (FIFO app: 2's ack was lost).
        XCTAssertEqual(window.acknowledge(3)?.sentAt, 300)
        XCTAssertEqual(window.count, 1)
        XCTAssertEqual(window.oldest?.sequence, 4)
        XCTAssertNil(window.acknowledge(99))
        XCTAssertEqual(window.count, 1)
    }

    func testACumulativeAckSettlesEveryEventThroughItsLastSequenceInOrder() {
        var window = AckWindow(capacity: 8)
        for sequence in UInt64(1)...6 {
            window.push(AckWindow.Entry(sequence: sequence, sentAt: sequence * 10, hardware: sequence))
        }
        var settled: [UInt64] = []
        XCTAssertEqual(window.settle(through: 4) { settled.append($0.sequence) }, 4)
        XCTAssertEqual(settled, [1, 2, 3, 4])
        XCTAssertEqual(window.settle(through: 4), 0, "already settled")
        XCTAssertEqual(window.settle(through: 9), 0, "never sent")
        XCTAssertEqual(window.count, 2)
        XCTAssertEqual(window.settle(through: 6), 2)
        XCTAssertTrue(window.isEmpty)
    }

    /// A one-finger frame from sender 7: `phase` for finger 1 at (x, y), finger 2 stationary at (5, 5).
    private func frame(_ sequence: UInt64, _ phase: HIDDigitizerPhase, x: Float, y: Float = 0, sender: UInt64 = 7) -> [UInt8] {
        let moving = HIDDigitizerEvent(phase: phase, transducerIndex: 1, eventMask: phase.isEmpty ? [] : [.position], x: x, y: y)
        let still = HIDDigitizerEvent(transducerIndex: 2, eventMask: [], x: 5, y: 5)
        let fingers = phase.contains(.began) || phase.contains(.ended) ? [moving] : [moving, still]
        let message = HIDMessage(
            envelope: HIDEnvelope(
                kind: .digitizer, sequence: sequence, senderID: sender,
                timestamps: HIDHopTimestamps(hardware: sequence * 1000)),
            payload: .digitizer(HIDDigitizerFrame(fingers: fingers)))
        return try! HIDEncoder.encode(message)
    }

    private func coalesce(_ queue: inout OutboundQueue, _ bytes: [UInt8], limit: Int = 16) -> Bool {
        var bytes = bytes
        return bytes.withUnsafeMutableBytes { queue.coalesce($0, limit: limit) }
    }

    func testMovesCoalesceIntoTheLastQueuedMoveAndKeepTheirSamplesInOrder() throws {
        var queue = OutboundQueue(capacity: 4)
        let down = frame(1, .began, x: 1)
        down.withUnsafeBytes { queue.push($0, synthesized: false, isMoveOnly: false) }
        XCTAssertFalse(coalesce(&queue, frame(2, .changed, x: 2)), "a down is never coalesced into")
        frame(2, .changed, x: 2).withUnsafeBytes { queue.push($0, synthesized: false, isMoveOnly: true) }
        // Finger 1 moves in 3, stands still in 4 while finger 2 ... stays: 4's frame must still say finger 1 moved.
        XCTAssertTrue(coalesce(&queue, frame(3, .changed, x: 3)))
        XCTAssertTrue(coalesce(&queue, frame(4, [], x: 3)))
        XCTAssertFalse(coalesce(&queue, frame(5, .changed, x: 5, sender: 8)), "another sender's finger")
        XCTAssertEqual(queue.count, 2)
        XCTAssertEqual(queue.samples, 4)

        var buffer: [UInt8] = [], history: [UInt8] = []
        XCTAssertEqual(queue.popFirst(swappingInto: &buffer, history: &history)?.historyCount, 0)
        let flags = try XCTUnwrap(queue.popFirst(swappingInto: &buffer, history: &history))
        XCTAssertEqual(flags, OutboundQueue.Flags(synthesized: false, isMoveOnly: true, historyCount: 2))
        let newest = try HIDDecoder.decode(buffer)
        XCTAssertEqual(newest.envelope.sequence, 4)
        guard case .digitizer(let merged) = newest.payload else { return XCTFail("not a digitizer frame") }
        XCTAssertEqual(merged.children.map(\.phase), [.changed, []], "finger 1 moved since the last event")
        XCTAssertEqual(merged.children[0].x, 3)
        XCTAssertTrue(merged.children[0].eventMask.contains(.position))
        XCTAssertEqual(merged.parent.phase, .changed)
        let samples = try history.withUnsafeBytes { try CoalescedSamples.decode($0) }
        XCTAssertEqual(samples.map(\.envelope.sequence), [2, 3], "older samples, oldest first")
        XCTAssertEqual(queue.samples, 0)
    }

    func testThePastItsBoundTheQueueGrowsAndKeepsItsOrder() throws {
        var queue = OutboundQueue(capacity: 2)
        for sequence in UInt64(1)...5 {
            frame(sequence, .began, x: Float(sequence)).withUnsafeBytes { queue.push($0, synthesized: false, isMoveOnly: false) }
            var buffer: [UInt8] = [], history: [UInt8] = []
            if sequence == 3 {  // take one out so the ring wraps before it grows
                XCTAssertNotNil(queue.popFirst(swappingInto: &buffer, history: &history))
            }
        }
        XCTAssertTrue(queue.isFull)
        XCTAssertEqual(queue.count, 4)
        var sequences: [UInt64] = []
        var buffer: [UInt8] = [], history: [UInt8] = []
        while queue.popFirst(swappingInto: &buffer, history: &history) != nil {
            sequences.append(try HIDDecoder.decode(buffer).envelope.sequence)
        }
        XCTAssertEqual(sequences, [2, 3, 4, 5])
    }

    func testCoalescingStopsAtTheSampleLimit() {
        var queue = OutboundQueue(capacity: 4)
        frame(1, .changed, x: 1).withUnsafeBytes { queue.push($0, synthesized: false, isMoveOnly: true) }
        XCTAssertTrue(coalesce(&queue, frame(2, .changed, x: 2), limit: 3))
        XCTAssertTrue(coalesce(&queue, frame(3, .changed, x: 3), limit: 3))
        XCTAssertFalse(coalesce(&queue, frame(4, .changed, x: 4), limit: 3), "3 samples is the limit")
        XCTAssertEqual(queue.samples, 3)
    }

    /// Issue 24's soak: springboard's heap crept up because every slot kept the largest history that ever passed
    /// through it. After 200 rounds of a queue past its bound with long coalesced histories, the empty ring
    /// is back to `capacity` slots and keeps at most `keptBytesPerBuffer` per buffer.
    func testAnEmptyQueueKeepsABoundedAmountOfMemoryHoweverLongTheHistoriesWere() {
        var queue = OutboundQueue(capacity: 8)
        var buffer: [UInt8] = [], history: [UInt8] = []
        var sequence: UInt64 = 0
        for round in 0..<200 {
            // 12 entries (past the bound of 8: the ring grows), each a move with 1 + round % 40 samples.
            for _ in 0..<12 {
                sequence += 1
                frame(sequence, .changed, x: Float(sequence)).withUnsafeBytes {
                    queue.push($0, synthesized: false, isMoveOnly: true)
                }
                for _ in 0..<(round % 40) {
                    sequence += 1
                    XCTAssertTrue(coalesce(&queue, frame(sequence, .changed, x: Float(sequence)), limit: 1024))
                }
                // The next entry must not coalesce into this one: a down of another sender starts it.
                sequence += 1
                frame(sequence, .began, x: 1, sender: 9).withUnsafeBytes {
                    queue.push($0, synthesized: false, isMoveOnly: false)
                }
            }
            XCTAssertEqual(queue.slots, 32, "24 entries: the ring doubled twice")
            if round % 2 == 0 {
                while queue.popFirst(swappingInto: &buffer, history: &history) != nil {}
            } else {
                XCTAssertEqual(queue.removeAll(), UInt64(12 * (2 + round % 40)))
            }
            XCTAssertEqual(queue.slots, 8, "an empty ring goes back to its capacity")
            XCTAssertLessThanOrEqual(queue.retainedBytes, 8 * 2 * OutboundQueue.keptBytesPerBuffer)
        }
    }

    func testRemoveAllReportsTheFramesItHeld() {
        var queue = OutboundQueue(capacity: 4)
        frame(1, .changed, x: 1).withUnsafeBytes { queue.push($0, synthesized: false, isMoveOnly: true) }
        XCTAssertTrue(coalesce(&queue, frame(2, .changed, x: 2)))
        [UInt8](repeating: 0, count: 4).withUnsafeBytes { queue.push($0, synthesized: true, isMoveOnly: false) }
        XCTAssertEqual(queue.removeAll(), 2, "a synthesized cancel holds no routed frame")
        XCTAssertTrue(queue.isEmpty)
    }

    func testRegistryLifecycleAndIdentityMatch() {
        let registry = AppRegistry(windowCapacity: 4, outboundCapacity: 4)
        let maps = registry.recordCreating(bundleID: "com.example.maps")
        XCTAssertEqual(registry.state(of: maps), .launching)
        registry.register(bundleID: "com.example.maps", displayName: "Maps", pid: 10, heartbeatInterval: 1, now: 5)
        XCTAssertEqual(registry.state(of: maps), .background)
        XCTAssertEqual(maps.session, 1)
        XCTAssertTrue(registry.setForeground(maps).changed)
        XCTAssertEqual(registry.state(of: maps), .foreground)
        maps.isResponding = false
        XCTAssertEqual(registry.state(of: maps), .notResponding)
        [UInt8](repeating: 9, count: 3).withUnsafeBytes { maps.outbound.push($0, synthesized: false, isMoveOnly: true) }
        maps.window.push(sequence: 1, sentAt: 1)
        maps.markDead()
        XCTAssertEqual(registry.state(of: maps), .dead)
        XCTAssertEqual(maps.counters.drops[.appDead], 1, "the queued frame (routed, never sent)")
        XCTAssertEqual(maps.counters.lostInFlight, 1, "the event sent and never acknowledged")
        let again = registry.register(bundleID: "com.example.maps", displayName: "Maps", pid: 11, heartbeatInterval: 1, now: 6)
        XCTAssertTrue(again === maps)
        XCTAssertEqual(maps.session, 2)
        XCTAssertEqual(maps.pid, 11)
        XCTAssertEqual(maps.counters.registrations, 2)
        Array("com.example.maps".utf8).withUnsafeBytes { XCTAssertTrue(registry.record(identity: $0) === maps) }
        Array("com.example.map".utf8).withUnsafeBytes { XCTAssertNil(registry.record(identity: $0)) }
    }
}

final class WindowSizerTests: XCTestCase {
    func testTheWindowIsEightTimesTheBandwidthDelayProductWithinItsBounds() {
        var sizer = WindowSizer(minimum: 8, maximum: 256, period: 1_000_000)
        XCTAssertEqual(sizer.limit, 256, "a new session starts from the maximum")
        // 100 acks in 1 ms (100 per ms) with a shortest round trip of 200 us: BDP 20, window 160.
        sizer.noteAcks(50, roundTrip: 300_000, now: 1_000_000)
        sizer.noteAcks(50, roundTrip: 200_000, now: 1_500_000)
        XCTAssertEqual(sizer.limit, 256, "the period has not ended")
        sizer.noteAcks(0, roundTrip: 250_000, now: 2_000_000)
        XCTAssertEqual(sizer.limit, 160)
        // An idle app: the minimum.
        sizer.noteAcks(1, roundTrip: 100_000, now: 3_000_000)
        XCTAssertEqual(sizer.limit, 8)
        // A fast app: capped at the maximum.
        sizer.noteAcks(100_000, roundTrip: 100_000, now: 4_000_000)
        XCTAssertEqual(sizer.limit, 256)
        sizer.noteAcks(1, roundTrip: 100_000, now: 5_000_000)
        sizer.reset()
        XCTAssertEqual(sizer.limit, 256)
    }

    func testBackpressureModeUsesTheWholeWindowWhateverTheSizerSays() {
        let app = AppRecord(bundleID: "com.example.bench", windowCapacity: 64, outboundCapacity: 8, minimumWindow: 4)
        app.windowSizer.noteAcks(1, roundTrip: 100_000, now: 1)
        app.windowSizer.noteAcks(1, roundTrip: 100_000, now: 200_000_000)
        XCTAssertEqual(app.windowLimit(sized: true), 4, "an idle app's sized window is the minimum")
        XCTAssertEqual(app.windowLimit(sized: false), 64, "backpressure mode: the whole window")
        for sequence in 1...4 { app.window.push(AckWindow.Entry(sequence: UInt64(sequence), sentAt: 0)) }
        XCTAssertFalse(app.windowHasRoom(sized: true))
        XCTAssertTrue(app.windowHasRoom(sized: false))
        for sequence in 5...64 { app.window.push(AckWindow.Entry(sequence: UInt64(sequence), sentAt: 0)) }
        XCTAssertFalse(app.windowHasRoom(sized: false), "never past its capacity")
    }
}
