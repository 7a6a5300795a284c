import ControlProtocol
import XCTest

/// The counters add up (issue 12, finding 8), asserted after every fault scenario:
/// - the event port: every frame read is in exactly one bucket (protocols/control.md, "Counters that add up");
/// - routing: what was routed to apps is what the apps' records say they were routed;
/// - each app: `routed = samplesSent + queuedSamples + drops` and `sent = acked + inFlight + lostInFlight`;
/// - drops: the total by reason is the event port's share plus every app's.
func assertEveryCountAddsUp(_ stats: StatsInfo, file: StaticString = #filePath, line: UInt = #line) {
    let hops = stats.hops
    func hop(_ name: String) -> UInt64 { hops[name] ?? 0 }
    let buckets = [
        "endMarkers", "keepAlives", "markersRefused", "routedToApp", "routedToHome", "consumedBySystem", "homeButtonFrames",
        "eventPortDropped",
    ]
    XCTAssertEqual(
        hop("eventPortReceived"), buckets.map(hop).reduce(0, +), "event port: \(hops)", file: file, line: line)
    XCTAssertEqual(hop("routedToApp"), stats.apps.map(\.routed).reduce(0, +), "routed to apps", file: file, line: line)
    var appDrops: UInt64 = 0
    for app in stats.apps {
        let drops = app.drops.values.reduce(0, +)
        appDrops += drops
        XCTAssertEqual(app.routed, app.samplesSent + app.queuedSamples + drops, "\(app.bundleID): \(app)", file: file, line: line)
        XCTAssertEqual(
            app.sent, app.acked + UInt64(app.inFlight) + app.lostInFlight, "\(app.bundleID): \(app)", file: file, line: line)
    }
    XCTAssertEqual(
        stats.drops.values.reduce(0, +), hop("eventPortDropped") + appDrops, "drops: \(stats.drops)", file: file, line: line)
}
