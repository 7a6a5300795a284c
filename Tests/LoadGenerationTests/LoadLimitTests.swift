import XCTest

@testable import LoadGeneration

/// The load report says what capped a run whose source was held back (issue 26, item 9: a flat-out run against
/// Maps offered a round 50,000 frames, against the bench app 278,501).
final class LoadLimitTests: XCTestCase {
    // Microseconds per frame over 27,000 frames, as measured against Maps (source 1.11, springboard 5.19, app 23.33).
    private let cpu = CPUCost(
        frames: 27_000, nanoseconds: ["source": 29_970_000, "springboard": 140_130_000, "app": 629_910_000],
        expected: ["source", "springboard", "app"])

    func testAHeldBackRunNamesTheSlowestStageThePausesAndTheRoundCount() {
        XCTAssertEqual(
            LoadReport.limit(heldBack: 0.43, sendSeconds: 0.461, offered: 27_000, app: "com.example.maps", pauses: 12, cpu: cpu),
            "the source waited 0.430 s of the 0.461 s send interval for the event port to take frames: offered/s is "
                + "what the pipeline took, not what the source can make; the slowest stage: the app (com.example.maps), "
                + "23.33 µs CPU per delivered frame (springboard 5.19); springboard paused reading the event port 12 "
                + "time(s) while an app's queue was full; held back to the end, the source was given room in batches "
                + "(libzmq wakes a blocked sender when its queue has drained by a batch, not per frame), hence the round 27000")
    }

    func testARunHeldBackLessThanAFifthOfItsIntervalSaysNothing() {
        XCTAssertNil(LoadReport.limit(heldBack: 0.09, sendSeconds: 0.5, offered: 27_000, app: "a", pauses: 3, cpu: cpu))
        XCTAssertNil(LoadReport.limit(heldBack: 0, sendSeconds: 0, offered: 0, app: "a", pauses: 0, cpu: nil))
    }

    func testWithoutCPUOrPausesOrARoundCountOnlyTheWaitIsSaid() {
        XCTAssertEqual(
            LoadReport.limit(heldBack: 2, sendSeconds: 3, offered: 278_501 + 20, app: "a", pauses: 0, cpu: nil),
            "the source waited 2.000 s of the 3.000 s send interval for the event port to take frames: offered/s is "
                + "what the pipeline took, not what the source can make")
    }
}
