import CommandLineSupport
import XCTest

/// What a paced sender that fell behind its schedule left unsent when its duration ended.
final class PacedScheduleTests: XCTestCase {
    func testTheFramesDueBeforeTheEndAndNotSent() {
        // 1 ms apart over 10.5 ms: frames 0...10 are due (11), 4 were sent.
        XCTAssertEqual(PacedSchedule.behind(t0: 1_000, end: 1_000 + 10_500_000, interval: 1_000_000, count: nil, sent: 4), 7)
        // A frame due exactly at the end is not due before it.
        XCTAssertEqual(PacedSchedule.behind(t0: 0, end: 10_000_000, interval: 1_000_000, count: nil, sent: 4), 6)
        // --count bounds the schedule too.
        XCTAssertEqual(PacedSchedule.behind(t0: 0, end: 10_500_000, interval: 1_000_000, count: 6, sent: 4), 2)
        XCTAssertEqual(PacedSchedule.behind(t0: 0, end: 10_000_000, interval: 1_000_000, count: nil, sent: 10), 0)
    }
}
