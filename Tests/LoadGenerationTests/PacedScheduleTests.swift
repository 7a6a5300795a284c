import LoadGeneration
import XCTest

/// A paced sender's schedule: when each frame is due, which rates it takes, and what a sender that fell behind
/// left unsent when its duration ended.
final class PacedScheduleTests: XCTestCase {
    func testTheFramesDueBeforeTheEndAndNotSent() {
        // 1 ms apart over 10.5 ms: frames 0...10 are due (11), 4 were sent.
        XCTAssertEqual(PacedSchedule.behind(t0: 1_000, end: 1_000 + 10_500_000, interval: 1_000_000, count: nil, sent: 4), 7)
        // A frame due exactly at the end is not due before it.
        XCTAssertEqual(PacedSchedule.behind(t0: 0, end: 10_000_000, interval: 1_000_000, count: nil, sent: 4), 6)
        // --count bounds the schedule too.
        XCTAssertEqual(PacedSchedule.behind(t0: 0, end: 10_500_000, interval: 1_000_000, count: 6, sent: 4), 2)
        XCTAssertEqual(PacedSchedule.behind(t0: 0, end: 10_000_000, interval: 1_000_000, count: nil, sent: 10), 0)
        // 3 frames/s over 1 s: frame 3 is due at round(999,999,999.9) = 1 s, the end itself: 3 were due, not 4.
        let third = 1e9 / 3
        XCTAssertEqual(PacedSchedule.due(3, t0: 0, interval: third), 1_000_000_000)
        XCTAssertEqual(PacedSchedule.due(2, t0: 5, interval: third), 666_666_672)
        XCTAssertEqual(PacedSchedule.behind(t0: 0, end: 1_000_000_000, interval: third, count: nil, sent: 1), 2)
    }

    func testRatesFromOneFrameIn1000SecondsToOneANanosecond() {
        for rate in [0, 0.001, 10_000, 1e9] { XCTAssertNil(PacedSchedule.problem(withRate: rate), "\(rate)") }
        for rate in [-5, 1e-300, 2e9, .infinity, .nan] {
            XCTAssertNotNil(PacedSchedule.problem(withRate: rate), "\(rate)")
        }
        XCTAssertEqual(PacedSchedule.problem(withRate: -5), "--rate must be 0 (flat out) or 0.001...1e9 frames/s, got -5.0")
    }
}
