import Foundation
import XCTest

@testable import UIKitModel

/// `GestureMotionHistory` drops samples that left the velocity window by moving a start index instead of
/// removing them on every record (issue 27). Its answers must be the ones the plain form gave: the reference
/// below is that form, kept here, and both are fed the same series — steady moves, repeated instants, lifts
/// inside and outside the grace, a clock that goes back, and a reset.
final class GestureMotionHistoryTests: XCTestCase {
    /// The history as it was: every sample in one array, those older than the window removed on each record.
    private struct Reference {
        var samples: [GestureMotionSample<CGFloat>] = []

        mutating func record(_ value: CGFloat, at time: UInt64, isLift: Bool) -> GestureMotionSample<CGFloat>? {
            if isLift, let last = samples.last, last.value == value,
                time <= last.time + GestureConstants.nanoseconds(GestureConstants.liftGrace)
            {
                return nil
            }
            let window = GestureConstants.nanoseconds(GestureConstants.velocityWindow)
            let start = time > window ? time - window : 0
            var inWindow: GestureMotionSample<CGFloat>?
            var lastEarlier: GestureMotionSample<CGFloat>?
            for sample in samples where sample.time < time {
                if inWindow == nil, sample.time >= start { inWindow = sample }
                lastEarlier = sample
            }
            samples.append(GestureMotionSample(value: value, time: time))
            samples.removeAll { $0.time < start }
            return inWindow ?? lastEarlier
        }
    }

    private enum Step {
        case record(CGFloat, UInt64, lift: Bool)
        case reset
    }

    private func assertSameAnswers(_ steps: [Step], file: StaticString = #filePath, line: UInt = #line) {
        var history = GestureMotionHistory<CGFloat>()
        var reference = Reference()
        for (index, step) in steps.enumerated() {
            switch step {
            case .record(let value, let time, let lift):
                let got = history.record(value, at: time, isLift: lift)
                let expected = reference.record(value, at: time, isLift: lift)
                XCTAssertEqual(got?.value, expected?.value, "step \(index): anchor value", file: file, line: line)
                XCTAssertEqual(got?.time, expected?.time, "step \(index): anchor time", file: file, line: line)
                XCTAssertEqual(history.last?.time, reference.samples.last?.time, "step \(index): last", file: file, line: line)
            case .reset:
                history.removeAll()
                reference.samples.removeAll()
                XCTAssertNil(history.last, "step \(index): reset", file: file, line: line)
            }
        }
    }

    private let ms: UInt64 = 1_000_000

    /// Moves every 8 ms for two seconds (the window holds two or three samples), then a lift.
    func testSteadyMovesGiveThePlainAnswers() {
        var steps: [Step] = (0..<250).map { .record(CGFloat($0) * 3, 1_000 * ms + UInt64($0) * 8 * ms, lift: false) }
        steps.append(.record(747, 1_000 * ms + 249 * 8 * ms + 4 * ms, lift: true))
        assertSameAnswers(steps)
    }

    /// A slow sender (every 50 ms, beyond the window), repeated instants, lifts inside and outside the grace.
    func testSlowSamplesRepeatedInstantsAndLifts() {
        let t0 = 5_000 * ms
        assertSameAnswers([
            .record(0, t0, lift: false),
            .record(5, t0 + 50 * ms, lift: false),
            .record(5, t0 + 50 * ms, lift: false),
            .record(9, t0 + 50 * ms, lift: false),
            .record(9, t0 + 60 * ms, lift: true),
            .record(9, t0 + 200 * ms, lift: true),
            .record(12, t0 + 204 * ms, lift: false),
            .record(12, t0 + 205 * ms, lift: false),
            .record(30, t0 + 400 * ms, lift: false),
        ])
    }

    /// A clock that goes back (a test's manual clock set by hand): samples that leave the window are then not the
    /// oldest, and the history falls back to removing them wherever they are.
    func testAClockThatGoesBackKeepsThePlainAnswers() {
        let t0 = 10_000 * ms
        assertSameAnswers([
            .record(1, t0, lift: false),
            .record(2, t0 + 30 * ms, lift: false),
            .record(3, t0 + 5 * ms, lift: false),
            .record(4, t0 + 40 * ms, lift: false),
            .record(5, t0 + 41 * ms, lift: false),
            .record(6, t0 + 20 * ms, lift: false),
            .record(7, t0 + 90 * ms, lift: false),
            .record(8, 0, lift: false),
            .record(9, t0, lift: false),
            // After a reset the samples are in order again (the in-order search is used again).
            .reset,
            .record(10, t0 + 100 * ms, lift: false),
            .record(11, t0 + 108 * ms, lift: false),
            .record(12, t0 + 116 * ms, lift: false),
            .record(13, t0 + 150 * ms, lift: false),
        ])
    }

    /// Long enough for the dropped samples to fill the storage many times (compaction), with resets between.
    func testCompactionAndResets() {
        var steps: [Step] = []
        var time = 1_000 * ms
        for round in 0..<3 {
            for i in 0..<100 {
                time += UInt64(1 + (i * 7 + round) % 13) * ms
                steps.append(.record(CGFloat(i), time, lift: i == 99))
            }
            steps.append(.reset)
        }
        assertSameAnswers(steps)
    }
}
