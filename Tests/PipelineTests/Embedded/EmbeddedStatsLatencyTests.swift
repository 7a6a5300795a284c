import ControlProtocol
import Histogram
import SpringBoardTesting
import XCTest

/// The `stats` reply's all-apps latency (issue 24: a reply's cost). springboard no longer merges every app's
/// histograms on every reply: it re-reads a hop only when its histograms changed, takes a single contributor's
/// summary as is, and merges the rest hop by hop. The figures must be those of the full merge: each hop's
/// summary equals the one made from the merged histogram `stats` with `histograms` returns, before and after
/// new samples on one app, and after a reset.
final class EmbeddedStatsLatencyTests: XCTestCase {
    private let ms: UInt64 = 1_000_000

    /// One drag of `moves` moves to `app` in front, acknowledged with dispatch `dispatch` ms after the frames.
    private func drag(
        _ sb: EmbeddedSpringBoard, _ app: FakeApp, _ bundleID: String, moves: Int, dispatch: UInt64
    ) throws {
        try sb.foreground(bundleID)
        _ = try app.receive()
        let t0 = sb.clock.now
        try sb.down(1, 10, 10)
        sb.runUntilIdle()
        for step in 1...moves {
            sb.advance(milliseconds: 1)
            try sb.move(1, 10 + Float(step), 10)
            sb.runUntilIdle()
        }
        try sb.up(1, 10 + Float(moves), 10)
        sb.runUntilIdle()
        _ = try app.receiveEvents()
        try app.ackAll(received: t0 + ms, started: t0 + 2 * ms, finished: t0 + (2 + dispatch) * ms)
        sb.runUntilIdle()
    }

    /// Every hop of a plain `stats` against the summary of the merged histogram: count, minimum, percentiles
    /// and maximum exactly; the mean (from the exact sums) against the apps' rows weighted by their counts.
    private func assertTotalsMatchTheMergedHistograms(_ sb: EmbeddedSpringBoard, _ label: String) throws {
        let plain = try sb.stats()
        let full = try XCTUnwrap(sb.request(.stats(histograms: true)).stats)
        let histograms = try XCTUnwrap(full.histograms)
        XCTAssertEqual(plain.latency, full.latency, "\(label): the same either way")
        XCTAssertFalse(plain.latency.isEmpty, label)
        for (hop, summary) in plain.latency {
            let merged = try XCTUnwrap(histograms[hop], "\(label) \(hop)")
            var expected = LatencySummary(nanoseconds: merged)
            let rows = plain.apps.compactMap { $0.latency[hop] }
            if !rows.isEmpty {
                let mean = rows.reduce(0.0) { $0 + $1.meanMicroseconds * Double($1.count) } / Double(merged.totalCount)
                XCTAssertEqual(summary.meanMicroseconds, mean, accuracy: 1e-6, "\(label) \(hop)")
            }
            expected.meanMicroseconds = summary.meanMicroseconds
            XCTAssertEqual(summary, expected, "\(label) \(hop)")
        }
    }

    func testTheAllAppsLatencyIsTheMergedHistogramsBeforeAndAfterNewSamplesAndAReset() throws {
        let sb = try EmbeddedSpringBoard()
        let maps = try sb.registeredApp("com.example.maps")
        let settings = try sb.registeredApp("com.example.settings")
        try drag(sb, maps, "com.example.maps", moves: 20, dispatch: 1)
        try assertTotalsMatchTheMergedHistograms(sb, "one app")
        try drag(sb, settings, "com.example.settings", moves: 7, dispatch: 9)
        try assertTotalsMatchTheMergedHistograms(sb, "two apps")
        try assertTotalsMatchTheMergedHistograms(sb, "two apps, nothing new")
        try drag(sb, maps, "com.example.maps", moves: 3, dispatch: 30)
        try assertTotalsMatchTheMergedHistograms(sb, "new samples on one")
        let counts = try sb.stats().latency.mapValues(\.count)
        XCTAssertEqual(counts["dispatch"], 22 + 9 + 5, "every event acknowledged with stamps, both apps")
        _ = sb.request(.stats(reset: true))
        XCTAssertTrue(try sb.stats().latency.isEmpty, "after a reset nothing is left over from before")
        try drag(sb, settings, "com.example.settings", moves: 1, dispatch: 1)
        try assertTotalsMatchTheMergedHistograms(sb, "after a reset")
        XCTAssertEqual(try sb.stats().latency["dispatch"]?.count, 3)
    }
}
