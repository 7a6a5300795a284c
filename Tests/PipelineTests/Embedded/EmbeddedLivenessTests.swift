import EventPort
import AppChannel
import ControlProtocol
import HIDEvent
import SpringBoardTesting
import XCTest

/// Liveness on the embedded springboard's manual clock: the liveness timer ticks every 100 ms (a quarter of
/// the ack timeout, at most 100 ms), and a timeout is passed only when the time since is more than it.
final class EmbeddedLivenessTests: XCTestCase {
    /// An event left unacknowledged past the ack timeout: the app is not responding, its gesture is taken (a
    /// cancel for its finger, the rest of the gesture dropped); its ack brings it back.
    func testAnAckOverdueMakesTheAppNotRespondingAndItsAckBringsItBack() throws {
        let sb = try EmbeddedSpringBoard { $0.ackTimeoutMilliseconds = 1000 }
        let maps = try sb.registeredApp("com.example.maps")
        try sb.foreground("com.example.maps")
        _ = try maps.receive()
        try sb.down(1, 10, 10)
        sb.runUntilIdle()
        XCTAssertEqual(try maps.receiveEvents().map(\.deliverySequence), [1])

        sb.advance(milliseconds: 1000)  // waited exactly the timeout: not past it
        XCTAssertEqual(try sb.stats().notResponding, [])
        sb.advance(milliseconds: 100)
        var stats = try sb.stats()
        XCTAssertEqual(stats.notResponding, ["com.example.maps"])
        XCTAssertEqual(stats.apps[0].state, "notResponding")
        XCTAssertEqual(stats.hops["notRespondingTransitions"], 1)
        XCTAssertEqual(stats.hops["giveUps"], 1)
        XCTAssertEqual(stats.hops["cancelsSynthesized"], 1)
        let cancel = try XCTUnwrap(try maps.receiveEvents().first)
        XCTAssertEqual(cancel.deliverySequence, 2)
        XCTAssertEqual(cancel.flags, .synthesized)

        // The rest of the gesture is not the app's any more.
        try sb.move(1, 20, 10)
        try sb.up(1, 20, 10)
        sb.runUntilIdle()
        XCTAssertEqual(try maps.receive(), [])
        XCTAssertEqual(try sb.stats().drops, ["gestureCancelled": 2])

        // Its ack (of both) makes it respond again, and the next gesture is its.
        try maps.ackAll()
        sb.runUntilIdle()
        stats = try sb.stats()
        XCTAssertEqual(stats.notResponding, [])
        XCTAssertEqual(stats.apps[0].state, "foreground")
        try sb.down(1, 30, 30)
        try sb.up(1, 30, 30)
        sb.runUntilIdle()
        XCTAssertEqual(try maps.receiveEvents().map(\.deliverySequence), [3, 4])
        stats = try sb.stats()
        XCTAssertEqual(stats.hops["notRespondingTransitions"], 1)
        XCTAssertEqual([stats.apps[0].routed, stats.apps[0].sent, stats.apps[0].acked], [3, 4, 2])
        assertEveryCountAddsUp(stats)
    }

    /// Heartbeats every 100 ms, three missed: the app is probed (a ping per tick) and, silent past the ack
    /// timeout too, called not responding; a heartbeat brings it back.
    func testMissedHeartbeatsProbeTheAppThenMarkItNotRespondingUntilItsNextHeartbeat() throws {
        let sb = try EmbeddedSpringBoard { $0.ackTimeoutMilliseconds = 1000 }
        let maps = try sb.registeredApp("com.example.maps", heartbeatMilliseconds: 100)
        sb.advance(milliseconds: 300)  // 300 ms silent: three intervals, not more
        XCTAssertEqual(try maps.receive(), [])
        sb.advance(milliseconds: 800)  // ticks at 400...1100 ms: eight probes, then not responding
        XCTAssertEqual(try maps.receive(), (1...8).map { .ping(PingMessage(nonce: $0)) })
        var stats = try sb.stats()
        XCTAssertEqual(stats.notResponding, ["com.example.maps"])
        XCTAssertEqual(stats.hops["giveUps"], 0, "nothing queued, no touches, no gesture: nothing to give up")

        try maps.heartbeat()
        sb.runUntilIdle()
        stats = try sb.stats()
        XCTAssertEqual(stats.notResponding, [])
        XCTAssertEqual(stats.hops["heartbeats"], 1)
        sb.advance(milliseconds: 300)
        XCTAssertEqual(try maps.receive(), [], "heard from 300 ms ago: no probe yet")
    }

    /// A source silent with a finger down past the source timeout loses it: its app gets a cancel. Keep-alives
    /// hold it.
    func testASilentSourceLosesItsFingersAndKeepAlivesHoldThem() throws {
        let sb = try EmbeddedSpringBoard { $0.sourceTimeoutMilliseconds = 500 }
        let maps = try sb.registeredApp("com.example.maps")
        try sb.foreground("com.example.maps")
        _ = try maps.receive()
        try sb.down(1, 10, 10)
        sb.runUntilIdle()
        for _ in 0..<4 {  // 1.6 s of keep-alives every 400 ms
            sb.advance(milliseconds: 400)
            try sb.sendRaw(EndMarker.keepAlive(senderID: sb.senderID, count: 1).encoded())
            sb.runUntilIdle()
        }
        XCTAssertEqual(try maps.receiveEvents().map(\.deliverySequence), [1])
        XCTAssertEqual(sb.request(.source(senderID: sb.senderID)).source?.fingersDown, 1)

        sb.advance(milliseconds: 500)  // exactly the timeout since the last keep-alive
        XCTAssertEqual(try maps.receive(), [])
        sb.advance(milliseconds: 100)
        let cancel = try XCTUnwrap(try maps.receiveEvents().first)
        XCTAssertEqual(cancel.deliverySequence, 2)
        XCTAssertEqual(cancel.flags, .synthesized)
        let source = try XCTUnwrap(sb.request(.source(senderID: sb.senderID)).source)
        XCTAssertEqual([source.timeouts, source.received], [1, 1])
        XCTAssertEqual(source.fingersDown, 0)
        let stats = try sb.stats()
        XCTAssertEqual(stats.hops["sourceTimeouts"], 1)
        XCTAssertEqual(stats.hops["keepAlives"], 4)
        XCTAssertEqual(stats.hops["cancelsSynthesized"], 1)
        assertEveryCountAddsUp(stats)
    }

    /// Issue 24, defect 2: springboard's own pause is not the source's silence. Backpressure mode, an app that
    /// stops acknowledging for 3 s while a finger stays down and moves every 10 ms: springboard stops reading
    /// the event port (the app's queue is full), the source keeps sending into it. The 2 s source timeout must
    /// not cancel the drag: when the app acknowledges again every move and the lift arrive, in order, and
    /// nothing is dropped (`invalidStream` included).
    func testAPausedEventPortDoesNotMakeASendingSourceLookSilent() throws {
        try dragThroughAStoppedApp(overload: .backpressure)
    }

    /// The same in shed mode, where springboard holds the port while the app's queue is full of what cannot be
    /// coalesced (here: taps by a second finger, each a down and an up).
    func testAPausedEventPortInShedModeDoesNotCancelTheDrag() throws {
        try dragThroughAStoppedApp(overload: .shed)
    }

    private func dragThroughAStoppedApp(overload: OverloadMode) throws {
        let sb = try EmbeddedSpringBoard {
            $0.overload = overload
            $0.ackWindow = 8
            $0.minimumAckWindow = 8
            $0.backpressureQueue = 16
            $0.outboundCapacity = 16
        }
        let maps = try sb.registeredApp("com.example.maps")
        try sb.foreground("com.example.maps")
        _ = try maps.receive()
        try sb.down(1, 100, 100)
        sb.runUntilIdle()
        // The app stops for 3 s; the finger moves every 10 ms (shed mode: a second finger taps every 20 ms,
        // downs and ups, which are never coalesced, so the queue fills and the port pauses there too).
        var frames = 1
        for step in 1...300 {
            if overload == .shed, step % 2 == 0 {
                try sb.frame([(2, step % 4 == 0 ? .up : .down, 200, 200)])
            } else {
                try sb.move(1, 100 + Float(step % 50), 100)
            }
            frames += 1
            sb.advance(milliseconds: 10)
        }
        var stats = try sb.stats()
        XCTAssertGreaterThan(stats.hops["eventPortPauses"] ?? 0, 0, "the port paused")
        XCTAssertLessThan(stats.hops["eventPortReceived"] ?? 0, UInt64(frames), "frames wait in the paused port")
        XCTAssertEqual(stats.hops["sourceTimeouts"], 0, "the drag was not cancelled while the port was paused")

        // The app comes back: it acknowledges everything, then the finger lifts.
        var delivered: [FakeApp.Event] = []
        for _ in 0..<200 {
            delivered += try maps.receiveEvents()
            try maps.ackAll()
            sb.runUntilIdle()
            if (try sb.stats()).hops["eventPortReceived"] == UInt64(frames), maps.unacknowledged.isEmpty,
                (try sb.stats()).apps[0].queued == 0
            {
                break
            }
        }
        try sb.up(1, 100, 100)
        frames += 1
        sb.runUntilIdle()
        delivered += try maps.receiveEvents()
        try maps.ackAll()
        sb.runUntilIdle()

        stats = try sb.stats()
        XCTAssertEqual(stats.hops["sourceTimeouts"], 0)
        XCTAssertEqual(stats.hops["cancelsSynthesized"], 0)
        XCTAssertEqual(stats.drops, [:], "nothing dropped, invalidStream included")
        XCTAssertEqual(stats.hops["eventPortReceived"], UInt64(frames))
        guard case .digitizer(let last) = delivered.last?.message.payload else { return XCTFail("no lift delivered") }
        XCTAssertEqual(last.children.first { $0.transducerIndex == 1 }?.phase, .ended, "the lift arrived")
        XCTAssertTrue(delivered.allSatisfy { !$0.flags.contains(.synthesized) }, "no cancel")
        if overload == .backpressure {
            XCTAssertEqual(delivered.map(\.message.envelope.sequence), (1...UInt64(frames)).map { $0 }, "every frame, in order")
        }
        assertEveryCountAddsUp(stats)
    }

    /// A final end marker with a finger down cancels it at once; `cancelSource` does the same by hand.
    func testAFinalEndMarkerOrCancelSourceReleasesTheFingersAtOnce() throws {
        let sb = try EmbeddedSpringBoard()
        let maps = try sb.registeredApp("com.example.maps")
        try sb.foreground("com.example.maps")
        _ = try maps.receive()
        try sb.down(1, 10, 10)
        sb.runUntilIdle()
        XCTAssertTrue(sb.request(.cancelSource(senderID: sb.senderID)).ok)
        XCTAssertEqual(try maps.receiveEvents().map(\.flags), [[], .synthesized])
        XCTAssertFalse(sb.request(.cancelSource(senderID: 99)).ok)

        sb.forgetFingers()  // the source's stream starts over: a new finger
        try sb.down(2, 50, 50)
        try sb.sendEndMarker(final: true)
        sb.runUntilIdle()
        XCTAssertEqual(try maps.receiveEvents().map(\.flags), [[], .synthesized])
        let stats = try sb.stats()
        XCTAssertEqual(stats.hops["sourcesCancelled"], 1)
        XCTAssertEqual(stats.hops["endMarkers"], 1)
        XCTAssertEqual(stats.hops["cancelsSynthesized"], 2)
        assertEveryCountAddsUp(stats)
    }

    /// A goodbye: queued frames are dropped (`appDead`), events in flight are lost, the home screen shows.
    func testAGoodbyeCountsWhatTheAppWillNeverGetAndShowsTheHomeScreen() throws {
        let sb = try EmbeddedSpringBoard {
            $0.ackWindow = 2
            $0.minimumAckWindow = 2
        }
        let maps = try sb.registeredApp("com.example.maps")
        try sb.foreground("com.example.maps")
        _ = try maps.receive()
        try sb.down(1, 10, 10)
        try sb.down(2, 20, 20)
        try sb.down(3, 30, 30)
        sb.runUntilIdle()
        try maps.goodbye()
        sb.runUntilIdle()
        let stats = try sb.stats()
        XCTAssertEqual(stats.apps[0].state, "dead")
        XCTAssertEqual(stats.apps[0].lostInFlight, 2)
        XCTAssertEqual(stats.hops["lostInFlight"], 2)
        XCTAssertEqual(stats.drops, ["appDead": 1])
        XCTAssertEqual(sb.request(.status).status?.foreground, nil)
        assertEveryCountAddsUp(stats)
    }

    /// Issue 24, also noticed: 64 sources that never finish fill the source table; a run whose only message is
    /// its final end marker must still be remembered when the next new source arrives, so that its sender's
    /// `source` request finds the marker confirmed. Once confirmed, it is the first forgotten.
    func testARunOfOnlyAFinalEndMarkerIsRememberedUntilItsSenderReadsTheConfirmation() throws {
        let sb = try EmbeddedSpringBoard()
        func button(from senderID: UInt64) throws {
            let message = HIDMessage(
                envelope: HIDEnvelope(
                    kind: .button, sequence: 1, senderID: senderID, timestamps: HIDHopTimestamps(hardware: sb.clock.now)),
                payload: .button(HIDButtonEvent(button: .volumeUp, isDown: true)))
            try sb.sendRaw(HIDEncoder.encode(message))
        }
        for sender in 1...64 {
            try button(from: UInt64(sender))
            sb.advance(milliseconds: 1)
        }
        let markerOnly: UInt64 = 1000
        try sb.sendRaw(EndMarker(senderID: markerOnly, count: 0, isFinal: true).encoded())
        sb.advance(milliseconds: 1)
        try button(from: 65)  // a new source: one must go
        sb.runUntilIdle()

        let known = try XCTUnwrap(sb.request(.sources).sources).map(\.senderID)
        XCTAssertEqual(known.count, 64)
        // The marker and source 65 each made room: 1 and 2, heard from longest ago, went.
        XCTAssertEqual(known.filter { $0 < 3 }, [])
        let confirmation = try XCTUnwrap(sb.request(.source(senderID: markerOnly)).source)
        XCTAssertTrue(confirmation.endReceived, "the end marker is confirmed")
        XCTAssertEqual(confirmation.endCount, 0)

        // Confirmed, it is the first to make room.
        try button(from: 66)
        sb.runUntilIdle()
        let after = try XCTUnwrap(sb.request(.sources).sources).map(\.senderID)
        XCTAssertFalse(after.contains(markerOnly))
        XCTAssertEqual(after, Array(UInt64(3)...66), "the confirmed run went, not source 3")
    }
}
