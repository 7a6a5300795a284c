import AppChannel
import ControlProtocol
import HIDEvent
import SpringBoardTesting
import XCTest

/// The counter identities of protocols/control.md ("Counters that add up") and app-channel.md on the embedded
/// springboard: each app counts what is its own once, and springboard's all-apps figures are those counts
/// added up when `stats` is read.
final class EmbeddedCounterTests: XCTestCase {
    /// Frames to the home screen, to two apps (one stops responding, one says goodbye with events queued and in
    /// flight), a malformed frame, a button with no app in front: every documented sum holds, and each all-apps
    /// figure is exactly the sum of the apps'.
    func testEveryFrameIsCountedOnceAndTheAllAppsFiguresAreTheAppsSums() throws {
        let sb = try EmbeddedSpringBoard {
            $0.ackWindow = 2
            $0.minimumAckWindow = 2
            $0.ackTimeoutMilliseconds = 1000
        }
        let maps = try sb.registeredApp("com.example.maps")
        let mail = try sb.registeredApp("com.example.mail")
        try sb.down(1, 10, 10)  // the home screen's
        try sb.up(1, 10, 10)
        try sb.sendRaw([0, 1, 2, 3])  // malformed
        try sb.press(.volumeUp)  // no app in front: noTarget, twice
        sb.runUntilIdle()

        try sb.foreground("com.example.maps")
        try sb.down(1, 10, 10)
        try sb.up(1, 10, 10)
        sb.runUntilIdle()
        _ = try maps.receive()
        try maps.ackAll()
        sb.runUntilIdle()

        // Mail in front takes a gesture and acknowledges nothing: not responding, given up, its gesture taken.
        try sb.foreground("com.example.mail")
        try sb.down(1, 20, 20)
        try sb.down(2, 30, 30)
        try sb.down(3, 40, 40)  // queued behind a full window
        sb.runUntilIdle()
        sb.advance(milliseconds: 1100)
        try sb.move(3, 45, 40)  // the rest of the gesture: cancelled
        sb.runUntilIdle()
        _ = try mail.receive()

        // Maps in front again: the lifts still belong to the cancelled gesture; then a new one, two events in
        // flight and one queued, and goodbye.
        try sb.foreground("com.example.maps")
        try sb.up(1, 20, 20)
        try sb.up(2, 30, 30)
        try sb.up(3, 45, 40)
        sb.forgetFingers()
        try sb.down(1, 50, 50)
        try sb.down(2, 60, 60)
        try sb.down(3, 70, 70)
        sb.runUntilIdle()
        try maps.goodbye()
        sb.runUntilIdle()

        let stats = try sb.stats()
        assertEveryCountAddsUp(stats)
        let apps = stats.apps
        func sum(_ field: (AppStats) -> UInt64) -> UInt64 { apps.map(field).reduce(0, +) }
        XCTAssertEqual(stats.hops["routedToApp"], sum(\.routed))
        XCTAssertEqual(stats.hops["acks"], sum(\.acked))
        XCTAssertEqual(stats.hops["giveUps"], sum(\.giveUps))
        XCTAssertEqual(stats.hops["cancelsSynthesized"], sum(\.cancelsSent))
        XCTAssertEqual(stats.hops["coalescedSamples"], sum(\.coalescedSamples))
        XCTAssertEqual(stats.hops["lostInFlight"], sum(\.lostInFlight))
        // And the figures themselves.
        XCTAssertEqual(stats.hops["eventPortReceived"], 17)
        XCTAssertEqual(stats.hops["routedToHome"], 2)
        XCTAssertEqual(stats.hops["routedToApp"], 8)
        XCTAssertEqual(apps.map(\.routed), [5, 3])
        XCTAssertEqual(stats.hops["giveUps"], 1)
        XCTAssertEqual(stats.hops["lostInFlight"], 2)
        XCTAssertEqual(
            stats.drops, ["malformed": 1, "noTarget": 2, "gestureCancelled": 4, "notResponding": 1, "appDead": 1])
        XCTAssertEqual(stats.hops["eventPortDropped"], 7)
    }

    /// `stats` with `reset`: every springboard counter and every app's start again from zero, and the sums
    /// hold after more traffic.
    func testAResetZeroesEveryCounterAndTheSumsHoldAfterIt() throws {
        let sb = try EmbeddedSpringBoard()
        let maps = try sb.registeredApp("com.example.maps")
        try sb.foreground("com.example.maps")
        try sb.down(1, 10, 10)
        try sb.up(1, 10, 10)
        try sb.sendRaw([9, 9])
        sb.runUntilIdle()
        _ = try maps.receive()
        try maps.ackAll()
        sb.runUntilIdle()
        XCTAssertEqual(try sb.stats().hops["acks"], 2)

        XCTAssertTrue(sb.request(.stats(reset: true)).ok)
        var stats = try sb.stats()
        XCTAssertEqual(stats.hops.filter { $0.value != 0 }, [:])
        XCTAssertEqual(stats.drops, [:])
        XCTAssertEqual(stats.malformedByReason, [:])
        XCTAssertEqual(stats.apps.map(\.routed), [0])

        try sb.down(1, 10, 10)
        sb.runUntilIdle()
        stats = try sb.stats()
        XCTAssertEqual(stats.hops["routedToApp"], 1)
        XCTAssertEqual(stats.hops["eventPortReceived"], 1)
        XCTAssertEqual(stats.apps[0].inFlight, 1)
        assertEveryCountAddsUp(stats)
    }

    /// Issue 24, defect 6: 70 apps each register, take a tap (the down in flight, the up queued behind a window
    /// of one) and say goodbye; the registry keeps 64 records, forgetting the oldest dead. The six forgotten
    /// apps' counts stay in one last row, "(evicted 6 apps)", so the rows still add up to the totals.
    func testTheCountsOfForgottenAppsStayInAnEvictedRow() throws {
        let sb = try EmbeddedSpringBoard {
            $0.ackWindow = 1
            $0.minimumAckWindow = 1
        }
        for n in 0..<70 {
            let bundleID = "com.example.app\(n)"
            let app = try sb.registeredApp(bundleID)
            try sb.foreground(bundleID)
            try sb.down(1, 10, 10)
            try sb.up(1, 10, 10)
            sb.runUntilIdle()
            _ = try app.receive()
            try app.goodbye()
            sb.runUntilIdle()
        }
        let stats = try sb.stats()
        XCTAssertEqual(stats.apps.count, 65, "64 records and the evicted row")
        XCTAssertEqual(stats.apps.first?.bundleID, "com.example.app6")
        let evicted = try XCTUnwrap(stats.apps.last)
        XCTAssertEqual(evicted.bundleID, "(evicted 6 apps)")
        XCTAssertEqual(evicted.state, "evicted")
        XCTAssertEqual(
            [evicted.routed, evicted.sent, evicted.samplesSent, evicted.lostInFlight, evicted.registrations],
            [12, 6, 6, 6, 6])
        XCTAssertEqual(evicted.drops, ["appDead": 6])
        XCTAssertEqual([evicted.inFlight, evicted.queued, evicted.window], [0, 0, 0])
        XCTAssertEqual(stats.hops["routedToApp"], 140)
        XCTAssertEqual(stats.drops, ["appDead": 70])
        assertEveryCountAddsUp(stats)

        let apps = try XCTUnwrap(sb.request(.apps).apps)
        XCTAssertEqual(apps.count, 65)
        XCTAssertEqual(
            apps.last,
            AppInfo(
                bundleID: "(evicted 6 apps)", displayName: "(evicted 6 apps)", pid: 0, state: "evicted", session: 0,
                homePage: -1, homeSlot: -1))
    }
}
