import AppChannel
import ControlProtocol
import HIDEvent
import SpringBoardTesting
import XCTest

/// Touch-to-present on the embedded springboard (issue 25, springboard's side): a fake app acknowledges events
/// with its clock's stamps, then sends `frames` naming the events each presented frame is the first to show;
/// springboard times the HID `hardware` stamp → that frame's present by kind, counts frames and events, and every
/// event it tracked is presented, overwritten, abandoned or still awaiting (protocols/control.md, "present").
final class EmbeddedPresentTests: XCTestCase {
    private let maps = "com.example.maps"
    private let ms: UInt64 = 1_000_000

    private func springBoard(ring: Int? = nil) throws -> (EmbeddedSpringBoard, FakeApp) {
        let sb = try EmbeddedSpringBoard { if let ring { $0.presentRing = ring } }
        let app = try sb.registeredApp(maps)
        try sb.foreground(maps)
        _ = try app.receive()
        return (sb, app)
    }

    private func present(_ stats: StatsInfo) throws -> PresentStats { try XCTUnwrap(stats.present) }

    /// A down, two moves and an up, 4 ms apart, on a 60 Hz display: the down is on screen 20 ms after its
    /// hardware stamp, the moves 32 and 28 ms, the up 40 ms. The app's UIKit coalesced the first move into the
    /// second: two samples per dispatched move.
    func testTouchToPresentIsTimedByKindFromTheHardwareStampToThePresent() throws {
        let (sb, app) = try springBoard()
        let t0 = sb.clock.now
        try sb.down(1, 10, 10)
        sb.runUntilIdle()
        sb.advance(milliseconds: 4)
        try sb.move(1, 12, 10)
        sb.runUntilIdle()
        sb.advance(milliseconds: 4)
        try sb.move(1, 14, 10)
        sb.runUntilIdle()
        sb.advance(milliseconds: 4)
        try sb.up(1, 14, 10)
        sb.runUntilIdle()
        let events = try app.receiveEvents()
        XCTAssertEqual(events.map(\.deliverySequence), [1, 2, 3, 4])
        try app.ackAll(received: t0 + 13 * ms, started: t0 + 16 * ms, finished: t0 + 17 * ms) { $0.deliverySequence == 2 }
        sb.runUntilIdle()
        var present = try self.present(try sb.stats())
        XCTAssertEqual(present.eventsTracked, 4)
        XCTAssertEqual(present.awaiting, 4)
        XCTAssertTrue(present.touchToPresent.isEmpty, "acknowledged is not presented")

        try app.present(frame: 1, vsync: t0 + 3 * ms, committed: t0 + 4 * ms, presented: t0 + 20 * ms, sequences: 1...1)
        try app.present(
            frame: 3, vsync: t0 + 20 * ms, committed: t0 + 21 * ms, presented: t0 + 36 * ms, sequences: 2...3, missed: 1)
        try app.present(frame: 4, vsync: t0 + 36 * ms, committed: t0 + 37 * ms, presented: t0 + 52 * ms, sequences: 4...4)
        sb.runUntilIdle()
        XCTAssertEqual(try app.receive(), [], "frames are not answered")

        let stats = try sb.stats()
        present = try self.present(stats)
        XCTAssertEqual(present.framesPresented, 3)
        XCTAssertEqual(present.framesMissed, 1)
        XCTAssertEqual(present.eventsPresented, 4)
        XCTAssertEqual(present.awaiting, 0)
        XCTAssertEqual(present.sequencesUnknown, 0)
        XCTAssertEqual(present.moveSamples, 2)
        XCTAssertEqual(present.movesDispatched, 1)
        XCTAssertEqual(present.samplesPerMove, 2)
        XCTAssertTrue(present.addsUp)
        XCTAssertEqual(present.touchToPresent.keys.sorted(), ["down", "move", "up"])
        XCTAssertEqual(present.touchToPresent["down"]?.count, 1)
        XCTAssertEqual(present.touchToPresent["down"]?.meanMicroseconds, 20_000)
        XCTAssertEqual(present.touchToPresent["move"]?.count, 2)
        XCTAssertEqual(present.touchToPresent["move"]?.meanMicroseconds, 30_000, "(32 + 28) / 2 ms")
        XCTAssertEqual(present.touchToPresent["up"]?.count, 1)
        XCTAssertEqual(present.touchToPresent["up"]?.meanMicroseconds, 40_000)
        // The percentiles are the histogram's (2 significant digits: within 1% of the value).
        XCTAssertEqual(present.touchToPresent["move"]?.maxMicroseconds ?? 0, 32_000, accuracy: 320)
        XCTAssertEqual(present.touchToPresent["move"]?.p50Microseconds ?? 0, 28_000, accuracy: 280)
        // Per app: the same figures, with its refresh rate.
        let row = try XCTUnwrap(stats.apps.first { $0.bundleID == maps }?.present)
        XCTAssertEqual(row.refreshHz, 60)
        XCTAssertEqual(row.touchToPresent, present.touchToPresent)
        XCTAssertEqual(row.eventsPresented, 4)
        XCTAssertNil(present.refreshHz, "all apps together have no one refresh rate")
        // `histograms` carries the three kinds under their names.
        let histograms = try XCTUnwrap(sb.request(.stats(histograms: true)).stats?.histograms)
        XCTAssertEqual(histograms["touchToPresentDown"]?.totalCount, 1)
        XCTAssertEqual(histograms["touchToPresentMove"]?.totalCount, 2)
        XCTAssertEqual(histograms["touchToPresentUp"]?.totalCount, 1)
    }

    /// A ring of 4: six events acknowledged, the app presents only the last two; `frames` naming an overwritten,
    /// an unacknowledged and an already presented sequence are counted (the frame still counts), a malformed one
    /// is refused `malformed` and counted; goodbye abandons what awaits. Every step keeps the identity
    /// `eventsTracked = eventsPresented + eventsOverwritten + eventsAbandoned + awaiting`, a reset too.
    func testEveryTrackedEventIsPresentedOverwrittenAbandonedOrAwaiting() throws {
        let (sb, app) = try springBoard(ring: 4)
        try sb.down(1, 10, 10)
        for x in 1...4 { try sb.move(1, 10 + Float(x), 10) }
        try sb.up(1, 15, 10)
        sb.runUntilIdle()
        XCTAssertEqual(try app.receiveEvents().count, 6)
        let t = sb.clock.now
        try app.ackAll(received: t, started: t, finished: t)
        sb.runUntilIdle()
        var present = try self.present(try sb.stats())
        XCTAssertEqual(
            [present.eventsTracked, present.eventsOverwritten, present.awaiting], [6, 2, 4], "5 and 6 took 1's and 2's slots")
        XCTAssertTrue(present.addsUp)

        try app.present(frame: 1, vsync: t, committed: t, presented: t + 16 * ms, sequences: 5...6)
        sb.runUntilIdle()
        present = try self.present(try sb.stats())
        XCTAssertEqual([present.eventsPresented, present.awaiting], [2, 2])
        XCTAssertTrue(present.addsUp)

        try app.present(frame: 2, vsync: t, committed: t, presented: t + 32 * ms, sequences: 1...1)  // overwritten
        try app.present(frame: 3, vsync: t, committed: t, presented: t + 48 * ms, sequences: 6...7)  // presented, not acked
        var bad = FramesMessage(
            frame: 4, vsync: t, committed: t, presented: t, firstSequence: 3, count: 1, missed: 0, refreshHz: 60
        ).encoded()
        bad[48] = 0  // count 0
        try app.send(bad)
        try app.send(Array(bad.prefix(40)))  // truncated
        sb.runUntilIdle()
        let errors = try app.receive().compactMap { message -> ChannelErrorMessage.Code? in
            if case .error(let error) = message { return error.code }
            return nil
        }
        XCTAssertEqual(errors, [.malformed, .malformed])
        present = try self.present(try sb.stats())
        XCTAssertEqual(present.framesPresented, 3)
        XCTAssertEqual(present.sequencesUnknown, 3)
        XCTAssertEqual(present.framesMalformed, 2)
        XCTAssertEqual([present.eventsPresented, present.awaiting], [2, 2], "3 and 4 still wait")
        XCTAssertTrue(present.addsUp)

        // A reset keeps what awaits as tracked.
        _ = sb.request(.stats(reset: true))
        present = try self.present(try sb.stats())
        XCTAssertEqual([present.eventsTracked, present.eventsPresented, present.awaiting], [2, 0, 2])
        XCTAssertTrue(present.addsUp)

        try app.goodbye()
        sb.runUntilIdle()
        present = try self.present(try sb.stats())
        XCTAssertEqual([present.eventsTracked, present.eventsAbandoned, present.awaiting], [2, 2, 0])
        XCTAssertTrue(present.addsUp)
    }

    /// A frame showing more sequences than one message holds comes as several `frames` with the same `frame`: one
    /// frame presented, its `missed` counted once, every sequence presented.
    func testSeveralMessagesOfOneFrameAreOneFramePresented() throws {
        let (sb, app) = try springBoard()
        try sb.down(1, 10, 10)
        try sb.move(1, 11, 10)
        sb.runUntilIdle()
        _ = try app.receiveEvents()
        let t = sb.clock.now
        try app.ackAll(received: t, started: t, finished: t)
        try app.present(frame: 9, vsync: t, committed: t, presented: t + 16 * ms, sequences: 1...1, missed: 3)
        try app.present(frame: 9, vsync: t, committed: t, presented: t + 16 * ms, sequences: 2...2, missed: 3)
        sb.runUntilIdle()
        let present = try self.present(try sb.stats())
        XCTAssertEqual([present.framesPresented, present.framesMissed, present.eventsPresented], [1, 3, 2])
    }

    /// A `frames` from a connection that registered no app is refused `notRegistered`, like its acks.
    func testFramesFromAnUnregisteredConnectionAreRefused() throws {
        let sb = try EmbeddedSpringBoard()
        let stranger = try sb.connectApp("com.example.stranger")
        sb.runUntilIdle()
        _ = try stranger.receive()
        try stranger.present(frame: 1, vsync: 1, committed: 2, presented: 3, sequences: 1...1)
        sb.runUntilIdle()
        guard case .error(let error) = try stranger.receive().first else { return XCTFail("no error reply") }
        XCTAssertEqual(error.code, .notRegistered)
        XCTAssertEqual(try sb.stats().hops["unregisteredMessages"], 1)
        XCTAssertEqual(try present(try sb.stats()).framesPresented, 0)
    }

    /// `trace` start → a tap acknowledged and presented → stop: the recording holds the tap's two events with
    /// every stamp, the frame, and each event's link to it; status, and a stop with nothing recording.
    func testTraceRecordsEveryStampOfEachEventAndTheFrameThatPresentedIt() throws {
        let (sb, app) = try springBoard()
        XCTAssertEqual(sb.request(.trace(action: .status)).trace?.recording, false)
        let started = try XCTUnwrap(sb.request(.trace(action: .start, limit: 10)).trace)
        XCTAssertEqual(started.recording, true)
        XCTAssertEqual(started.startedAt, sb.clock.now)
        let t0 = sb.clock.now
        try sb.down(1, 10, 10)
        sb.runUntilIdle()
        sb.advance(milliseconds: 50)
        try sb.up(1, 10, 10)
        sb.runUntilIdle()
        _ = try app.receiveEvents()
        sb.advance(milliseconds: 1)
        try app.ackAll(received: t0 + 50 * ms, started: t0 + 51 * ms, finished: t0 + 52 * ms)
        sb.runUntilIdle()
        try app.present(frame: 7, vsync: t0 + 50 * ms, committed: t0 + 53 * ms, presented: t0 + 67 * ms, sequences: 1...2)
        sb.runUntilIdle()
        sb.advance(milliseconds: 100)
        let trace = try XCTUnwrap(sb.request(.trace(action: .stop)).trace)
        let acked = t0 + 51 * ms
        XCTAssertEqual(
            trace,
            EnsembleTrace(
                recording: false, startedAt: t0, stoppedAt: t0 + 151 * ms, limit: 10, apps: [maps],
                events: [
                    EnsembleTrace.Event(
                        app: 0, sequence: 1, kind: "down", samples: 1, hardware: t0, routerReceived: t0, forwarded: t0,
                        appReceived: t0 + 50 * ms, dispatchStarted: t0 + 51 * ms, dispatchFinished: t0 + 52 * ms, acked: acked,
                        coalescedInApp: false, frame: 0),
                    EnsembleTrace.Event(
                        app: 0, sequence: 2, kind: "up", samples: 1, hardware: t0 + 50 * ms, routerReceived: t0 + 50 * ms,
                        forwarded: t0 + 50 * ms, appReceived: t0 + 50 * ms, dispatchStarted: t0 + 51 * ms,
                        dispatchFinished: t0 + 52 * ms, acked: acked, coalescedInApp: false, frame: 0),
                ],
                frames: [
                    EnsembleTrace.Frame(
                        app: 0, frame: 7, vsync: t0 + 50 * ms, committed: t0 + 53 * ms, presented: t0 + 67 * ms,
                        firstSequence: 1, count: 2, missed: 0, refreshHz: 60)
                ]))
        // Its JSON form round-trips (records are arrays of numbers).
        let reply = try ControlReply.decode(ControlReply(ok: true, command: "trace", trace: trace).encoded())
        XCTAssertEqual(reply.trace, trace)
        let stopped = try XCTUnwrap(sb.request(.trace(action: .stop)).trace)
        XCTAssertEqual([stopped.events.count, stopped.frames.count], [0, 0], "nothing is recording")
    }

    /// Past its limit a recording keeps counting, not storing.
    func testTraceKeepsAtMostItsLimitAndCountsTheRest() throws {
        let (sb, app) = try springBoard()
        _ = sb.request(.trace(action: .start, limit: 2))
        try sb.down(1, 10, 10)
        try sb.move(1, 11, 10)
        try sb.move(1, 12, 10)
        try sb.up(1, 12, 10)
        sb.runUntilIdle()
        _ = try app.receiveEvents()
        let t = sb.clock.now
        try app.ackAll(received: t, started: t, finished: t)
        sb.runUntilIdle()
        for frame in 1...3 {
            try app.present(
                frame: UInt64(frame), vsync: t, committed: t, presented: t, sequences: UInt64(frame)...UInt64(frame))
        }
        sb.runUntilIdle()
        XCTAssertEqual(sb.request(.trace(action: .status)).trace?.eventsDropped, 2)
        let trace = try XCTUnwrap(sb.request(.trace(action: .stop)).trace)
        XCTAssertEqual(trace.events.map(\.sequence), [1, 2])
        XCTAssertEqual(trace.events.map(\.frame), [0, 1])
        XCTAssertEqual(trace.frames.map(\.frame), [1, 2])
        XCTAssertEqual([trace.eventsDropped, trace.framesDropped], [2, 1])
    }
}
