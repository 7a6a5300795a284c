import AppChannel
import ControlProtocol
import HIDEvent
import SpringBoardTesting
import XCTest

/// Overload on the embedded springboard, an app that acknowledges only when the test says: backpressure stops
/// reading the event port (nothing is coalesced, the source waits), shed coalesces moves into one event.
final class EmbeddedOverloadTests: XCTestCase {
    /// A down and nine moves to an app with a window of 2 and a backpressure queue of 4: the port pauses at 4
    /// queued frames and is read again at 2, every frame is delivered alone and in order.
    func testBackpressureStopsReadingTheEventPortAndDeliversEveryFrameInOrder() throws {
        let sb = try EmbeddedSpringBoard {
            $0.overload = .backpressure
            $0.ackWindow = 2
            $0.minimumAckWindow = 2
            $0.backpressureQueue = 4
        }
        let maps = try sb.registeredApp("com.example.maps")
        try sb.foreground("com.example.maps")
        _ = try maps.receive()
        try sb.down(1, 10, 10)
        for step in 1...9 { try sb.move(1, 10 + Float(step), 10) }
        sb.runUntilIdle()

        // Two in flight, four queued, the port paused: four frames still wait in the source's socket.
        var stats = try sb.stats()
        XCTAssertEqual(stats.hops["eventPortReceived"], 6)
        XCTAssertEqual(stats.hops["eventPortPauses"], 1)
        XCTAssertEqual([stats.apps[0].inFlight, stats.apps[0].queued], [2, 4])
        XCTAssertEqual(stats.apps[0].queuedSamples, 4)

        var delivered: [FakeApp.Event] = []
        // Each ack sends two queued frames; the port resumes at 2 queued and pauses again at 4.
        let expected: [(received: UInt64, pauses: UInt64, inFlight: Int, queued: Int)] = [
            (8, 2, 2, 4), (10, 3, 2, 4), (10, 3, 2, 2), (10, 3, 2, 0), (10, 3, 0, 0),
        ]
        for (round, state) in expected.enumerated() {
            delivered += try maps.receiveEvents()
            try maps.ackAll()
            sb.runUntilIdle()
            stats = try sb.stats()
            XCTAssertEqual(stats.hops["eventPortReceived"], state.received, "round \(round)")
            XCTAssertEqual(stats.hops["eventPortPauses"], state.pauses, "round \(round)")
            XCTAssertEqual(stats.apps[0].inFlight, state.inFlight, "round \(round)")
            XCTAssertEqual(stats.apps[0].queued, state.queued, "round \(round)")
        }
        XCTAssertEqual(delivered.map(\.deliverySequence), Array(1...10))
        XCTAssertEqual(delivered.map(\.message.envelope.sequence), Array(1...10), "the source's frames, in order")
        XCTAssertTrue(delivered.allSatisfy { $0.flags == [] && $0.samples.isEmpty }, "nothing coalesced")
        let app = stats.apps[0]
        XCTAssertEqual([app.routed, app.sent, app.samplesSent, app.acked, app.coalescedSamples], [10, 10, 10, 10, 0])
        XCTAssertEqual(stats.drops, [:])
        XCTAssertEqual(stats.overloadMode, "backpressure")
        assertEveryCountAddsUp(stats)
    }

    /// The same frames in shed mode: the window's two go, the eight moves behind them become one event (the
    /// last move, the seven before it as its samples), and the source is never held up.
    func testShedCoalescesTheMovesAnAppCannotTakeYetIntoOneEvent() throws {
        let sb = try EmbeddedSpringBoard {
            $0.overload = .shed
            $0.ackWindow = 2
            $0.minimumAckWindow = 2
            $0.outboundCapacity = 4
        }
        let maps = try sb.registeredApp("com.example.maps")
        try sb.foreground("com.example.maps")
        _ = try maps.receive()
        try sb.down(1, 10, 10)
        for step in 1...9 { try sb.move(1, 10 + Float(step), 10) }
        sb.runUntilIdle()

        var stats = try sb.stats()
        XCTAssertEqual(stats.hops["eventPortReceived"], 10, "shed mode reads on")
        XCTAssertEqual(stats.hops["eventPortPauses"], 0)
        XCTAssertEqual([stats.apps[0].inFlight, stats.apps[0].queued], [2, 1])
        XCTAssertEqual(stats.apps[0].queuedSamples, 8)

        XCTAssertEqual(try maps.receiveEvents().map(\.deliverySequence), [1, 2])
        try maps.ackAll()
        sb.runUntilIdle()
        let coalesced = try XCTUnwrap(try maps.receiveEvents().first)
        XCTAssertEqual(coalesced.deliverySequence, 3)
        XCTAssertEqual(coalesced.flags, .coalesced)
        XCTAssertEqual(coalesced.message.envelope.sequence, 10, "the newest move is the event")
        let samples = try coalesced.samples.withUnsafeBytes { try CoalescedSamples.decode($0) }
        XCTAssertEqual(samples.map(\.envelope.sequence), Array(3...9), "the older moves travel with it, oldest first")
        XCTAssertEqual(coalesced.samples.count, 7 * coalesced.bytes.count)

        try sb.up(1, 19, 10)
        sb.runUntilIdle()
        XCTAssertEqual(try maps.receiveEvents().map(\.deliverySequence), [4], "a lift is never coalesced")
        try maps.ackAll()
        sb.runUntilIdle()

        stats = try sb.stats()
        let app = stats.apps[0]
        XCTAssertEqual([app.routed, app.sent, app.samplesSent, app.acked, app.coalescedSamples], [11, 4, 11, 4, 7])
        XCTAssertEqual(stats.hops["coalescedSamples"], 7)
        XCTAssertEqual(stats.hops["routedToApp"], 11)
        XCTAssertEqual(stats.drops, [:])
        assertEveryCountAddsUp(stats)
    }

    /// Switching to shed while paused in backpressure mode reads the port again at once.
    func testSwitchingOverloadModeResumesAPausedEventPort() throws {
        let sb = try EmbeddedSpringBoard {
            $0.overload = .backpressure
            $0.ackWindow = 2
            $0.minimumAckWindow = 2
            $0.backpressureQueue = 2
            $0.outboundCapacity = 64
        }
        let maps = try sb.registeredApp("com.example.maps")
        try sb.foreground("com.example.maps")
        _ = try maps.receive()
        try sb.down(1, 10, 10)
        for step in 1...5 { try sb.move(1, 10 + Float(step), 10) }
        sb.runUntilIdle()
        XCTAssertEqual(try sb.stats().hops["eventPortReceived"], 4)
        XCTAssertEqual(sb.request(.overload(mode: .shed)).overload, .shed)
        sb.runUntilIdle()
        let stats = try sb.stats()
        XCTAssertEqual(stats.hops["eventPortReceived"], 6)
        XCTAssertEqual(stats.apps[0].queued, 2, "the last two moves coalesced into the last queued one")
        XCTAssertEqual(stats.apps[0].queuedSamples, 4)
        assertEveryCountAddsUp(stats)
    }
}
