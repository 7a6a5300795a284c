import SpringBoardCore
import XCTest

final class HopLatenciesTests: XCTestCase {
    /// A `stats` reply's mean is the exact mean of the recorded spans (kept as a sum, not walked out of the
    /// histogram's buckets); adding and resetting carry the sums with the histograms.
    func testSummariesGiveTheExactMeanAndSumsFollowAddAndReset() {
        var latencies = HopLatencies()
        latencies.record(.endToEnd, from: 1_000, to: 101_000)  // 100 µs
        latencies.record(.endToEnd, from: 1_000, to: 251_001)  // 250.001 µs
        latencies.record(.endToEnd, from: 0, to: 5_000)  // no start stamp: not recorded
        latencies.record(.endToEnd, from: 9_000, to: 8_000)  // negative: not recorded
        let summary = latencies.summaries()["endToEnd"]
        XCTAssertEqual(summary?.count, 2)
        XCTAssertEqual(summary?.meanMicroseconds, 175.0005)
        XCTAssertEqual(Set(latencies.summaries().keys), ["endToEnd"], "hops without samples are left out")

        var total = HopLatencies()
        total.record(.endToEnd, from: 0 + 1, to: 1 + 400_000)  // 400 µs
        total.add(latencies)
        XCTAssertEqual(total.summaries()["endToEnd"]?.count, 3)
        XCTAssertEqual(total.summaries()["endToEnd"]?.meanMicroseconds ?? 0, 750_001.0 / 3_000, accuracy: 1e-9)

        total.reset()
        XCTAssertTrue(total.summaries().isEmpty)
        total.record(.endToEnd, from: 1, to: 2_001)
        XCTAssertEqual(total.summaries()["endToEnd"]?.meanMicroseconds, 2, "the sum restarted with the histogram")
    }
}
