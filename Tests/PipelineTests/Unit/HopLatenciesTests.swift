import Histogram
import XCTest

@testable import SpringBoardCore

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

    /// The flat counts are HdrHistogram's buckets (issue 27: recorded without `Histogram.record`): the histogram a
    /// reader gets equals one that recorded every value itself, counts, total, min and max alike, also after `add`.
    func testTheHistogramEqualsOneRecordedValueByValue() {
        XCTAssertEqual(HopLatencies.bucketsCovering(HopLatencies.highest), HopLatencies.bucketCount)
        var generator = SystemRandomNumberGenerator()
        var values: [UInt64] = [0, 1, 2, 127, 128, 199, 200, 255, 256, 257, 511, 512, 513, 1_000, 65_535, 65_536]
        values += (0..<64).map { UInt64(1) << $0 }.filter { $0 <= HopLatencies.highest }
        values += [HopLatencies.highest - 1, HopLatencies.highest, HopLatencies.highest + 1, .max - 10]
        values += (0..<2_000).map { _ in UInt64.random(in: 0...5_000_000, using: &generator) }
        values += (0..<500).map { _ in UInt64.random(in: 0...HopLatencies.highest, using: &generator) }
        var latencies = HopLatencies()
        var direct = Histogram<UInt64>(
            lowestDiscernibleValue: 1, highestTrackableValue: HopLatencies.highest, numberOfSignificantValueDigits: .two)
        for value in values {
            latencies.record(.ack, from: 10, to: 10 &+ Swift.min(value, .max - 10))
            direct.record(Swift.min(Swift.min(value, .max - 10), HopLatencies.highest))
        }
        func assertSame(_ histogram: Histogram<UInt64>, _ expected: Histogram<UInt64>, _ what: String) {
            XCTAssertEqual(histogram, expected, what)
            XCTAssertEqual(histogram.totalCount, expected.totalCount, what)
            XCTAssertEqual(histogram.maxRecorded, expected.maxRecorded, what)
            XCTAssertEqual(histogram.minNonZero, expected.minNonZero, what)
            XCTAssertEqual(histogram.min, expected.min, what)
            XCTAssertEqual(histogram.valueAtPercentile(50), expected.valueAtPercentile(50), what)
            XCTAssertEqual(histogram.valueAtPercentile(99), expected.valueAtPercentile(99), what)
        }
        assertSame(latencies[.ack], direct, "recorded")
        XCTAssertEqual(latencies[.endToEnd].totalCount, 0, "other hops stay empty")

        // Two samples in one bucket, the smallest and the largest: both exact.
        var narrow = HopLatencies()
        narrow.record(.dispatch, from: 1, to: 1 + 300)
        narrow.record(.dispatch, from: 1, to: 1 + 301)
        XCTAssertEqual(narrow[.dispatch].maxRecorded, 301)
        XCTAssertEqual(narrow[.dispatch].minNonZero, 300)
        XCTAssertEqual(narrow[.dispatch].totalCount, 2)

        var sum = HopLatencies()
        sum.record(.ack, from: 1, to: 1 + 7)
        let before = sum
        sum.add(latencies)
        direct.record(7)
        assertSame(sum[.ack], direct, "added")
        XCTAssertEqual(before[.ack].totalCount, 1, "a copy keeps its own counts (value semantics)")
    }
}
