import XCTest
import Foundation
@testable import UIKitModel

/// The value the gesture environment hands the window: what the views get now, what is withheld, what is
/// cancelled and what is replayed first.
final class TouchDeliveryPlanTests: XCTestCase {
    private func touches(_ count: Int) -> [UITouch] {
        (0..<count).map {
            UITouch(transducerIndex: UInt32($0), location: .zero, timestamp: 0, tapCount: 1, sequenceNumber: UInt64($0))
        }
    }

    func testWithholdingMovesATouchOutOfTheDeliveredOnes() {
        let all = touches(3)
        var plan = TouchDeliveryPlan(delivering: all)
        plan.withhold(all[1])
        XCTAssertEqual(plan.delivered, [all[0], all[2]])
        XCTAssertEqual(plan.withheld, [all[1]])
        XCTAssertTrue(plan.steps.isEmpty)
    }

    func testCancellingIsAStepAndTheFramesChangeIsNotDelivered() {
        let all = touches(2)
        var plan = TouchDeliveryPlan(delivering: all)
        plan.replay(TouchReplay([all[1]], phase: .began))
        plan.cancel([all[0]])
        XCTAssertEqual(plan.delivered, [all[1]])
        guard plan.steps.count == 2, case .replay(let replay) = plan.steps[0], case .cancel(let cancelled, _) = plan.steps[1]
        else {
            return XCTFail("expected a replay then a cancel, got \(plan.steps)")
        }
        XCTAssertEqual(replay.touches, [all[1]])
        XCTAssertEqual(replay.phase, .began)
        XCTAssertEqual(cancelled, [all[0]])
    }
}
