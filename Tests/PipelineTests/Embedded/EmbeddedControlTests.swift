import ControlProtocol
import Histogram
import RunLoopKit
import SpringBoardTesting
import XCTest

/// The control socket on the embedded springboard, through the socket itself: how requests share the run loop
/// with the event port (protocols/control.md: a request never stalls routing for more than one batch).
final class EmbeddedControlTests: XCTestCase {
    /// Issue 24, defect 3: four `stats` requests wait on the control socket while 600 frames wait on the event
    /// port. The event port is read 256 frames a callout; the control socket serves one request a callout,
    /// so the loop alternates a batch and one request (it used to serve all four at once, after the first batch).
    func testOneControlRequestIsServedBetweenTwoEventBatches() throws {
        let sb = try EmbeddedSpringBoard()
        let tracer = RunLoopTraceCollector()
        sb.springBoard.runLoop.tracer = tracer
        let control = try sb.controlClient()
        for _ in 0..<4 { XCTAssertTrue(try control.send(ControlRequestCodec.encode(.stats()), dontWait: true)) }
        try sb.down(1, 10, 10)
        for step in 1...598 { try sb.move(1, 10 + Float(step % 100), 10) }
        try sb.up(1, 10, 10)
        sb.runUntilIdle()

        let callouts = tracer.records.filter { $0.kind == .source1 }.compactMap(\.name).filter {
            $0 == "event port" || $0 == "control"
        }
        XCTAssertEqual(
            callouts, ["event port", "control", "event port", "control", "event port", "control", "control"],
            "256 + 256 + 88 frames, one request after each batch")
        var replies: [ControlReply] = []
        while let reply = try control.receive(dontWait: true) { replies.append(try ControlReply.decode(reply)) }
        XCTAssertEqual(replies.map(\.command), ["stats", "stats", "stats", "stats"])
        XCTAssertTrue(replies.allSatisfy(\.ok))
        let stats = try sb.stats()
        XCTAssertEqual(stats.hops["controlRequests"], 4, "the embedded `stats` call is not a socket request")
        XCTAssertEqual(stats.hops["routedToHome"], 600)
    }

    /// The `stats` summaries read four percentiles in one walk of each histogram: the same values
    /// `valueAtPercentile` gives, one by one, for spread, skewed, one-sample and empty histograms.
    func testPercentilesInOneWalkAreValueAtPercentilesValues() {
        var generator = SystemRandomNumberGenerator()
        var histograms: [Histogram<UInt64>] = []
        for samples in [0, 1, 2, 7, 100, 10_000] {
            var histogram = Histogram<UInt64>(
                lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .two)
            for i in 0..<samples {
                // Mostly tens of microseconds, a tail of milliseconds, and a few zeros.
                let value: UInt64 =
                    i % 97 == 0
                    ? 0
                    : i % 13 == 0
                        ? UInt64.random(in: 1_000_000...40_000_000, using: &generator)
                        : UInt64.random(in: 5_000...90_000, using: &generator)
                _ = histogram.record(value)
            }
            histograms.append(histogram)
        }
        for histogram in histograms {
            let walked = histogram.valuesAtPercentiles(50, 90, 99, 99.9)
            XCTAssertEqual(
                [walked.0, walked.1, walked.2, walked.3],
                [50, 90, 99, 99.9].map { histogram.totalCount == 0 ? 0 : histogram.valueAtPercentile($0) },
                "\(histogram.totalCount) samples")
        }
    }
}
