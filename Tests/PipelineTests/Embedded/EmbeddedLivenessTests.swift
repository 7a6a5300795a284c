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
}
