import XCTest

@testable import UIKitModel

/// `TouchPredictor`'s ring (issue 27) against the plain array it replaced: the same samples kept, so the same
/// predictions, for every stream, including more samples in the window than the ring first holds (it grows),
/// times that go backwards (wrapping differences drop the older sample) and a window changed mid-stroke.
final class TouchPredictorTests: XCTestCase {
    /// The predictor before the ring, verbatim: `[Sample]`, append and `removeFirst`.
    private struct Reference {
        var window: UInt64
        var samples: [TouchPredictor.Sample] = []

        mutating func add(_ sample: TouchPredictor.Sample) {
            samples.append(sample)
            while let first = samples.first, sample.time &- first.time > window, samples.count > 2 { samples.removeFirst() }
        }

        func predict(horizon: UInt64) -> TouchPredictor.Sample? {
            guard let last = samples.last, let first = samples.first(where: { last.time &- $0.time <= window }),
                last.time > first.time
            else { return nil }
            let dt = Double(last.time - first.time)
            let h = Double(horizon)
            return TouchPredictor.Sample(
                time: last.time &+ horizon, x: last.x + (last.x - first.x) / dt * h, y: last.y + (last.y - first.y) / dt * h)
        }
    }

    /// A fixed linear congruential stream, so every run checks the same samples.
    private struct Stream {
        var state: UInt64
        mutating func next(_ bound: UInt64) -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (state >> 33) % bound
        }
    }

    private func assertSameAsReference(
        steps: Int, seed: UInt64, maxStep: UInt64, backwardsEvery: UInt64 = 0, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        var stream = Stream(state: seed)
        var predictor = TouchPredictor()
        var reference = Reference(window: TouchPredictor.defaultWindow)
        var time: UInt64 = 1_000_000_000
        var predictions = 0
        for step in 0..<steps {
            if step == steps / 2 {  // a window changed mid-stroke applies from the next sample on
                predictor.window = 12_000_000
                reference.window = 12_000_000
            }
            if backwardsEvery > 0, stream.next(backwardsEvery) == 0 {
                time -= stream.next(30_000_000)
            } else {
                time += stream.next(maxStep)
            }
            let sample = TouchPredictor.Sample(
                time: time, x: Double(stream.next(4000)) / 10, y: Double(stream.next(8000)) / 10)
            predictor.add(sample)
            reference.add(sample)
            XCTAssertEqual(predictor.count, reference.samples.count, "step \(step): samples kept", file: file, line: line)
            let predicted = predictor.predict(horizon: 16_666_666)
            XCTAssertEqual(predicted, reference.predict(horizon: 16_666_666), "step \(step)", file: file, line: line)
            if predicted != nil { predictions += 1 }
        }
        XCTAssertGreaterThan(predictions, steps / 2, "the stream predicts", file: file, line: line)
    }

    func testAt120HzTheRingMatchesTheArray() {
        assertSameAsReference(steps: 2_000, seed: 1, maxStep: 16_000_000)
    }

    /// Up to 25 samples in the 25 ms window: the ring (8 at first) grows, and keeps matching.
    func testAt1kHzTheRingGrowsAndMatchesTheArray() {
        assertSameAsReference(steps: 2_000, seed: 2, maxStep: 2_000_000)
    }

    func testTimesThatGoBackwardsMatchTheArray() {
        assertSameAsReference(steps: 2_000, seed: 3, maxStep: 10_000_000, backwardsEvery: 7)
    }

    func testResetForgetsEverySampleAndTheNextStrokeStartsAfresh() {
        var predictor = TouchPredictor()
        for i in 0..<20 { predictor.add(.init(time: UInt64(i) * 1_000_000, x: Double(i), y: 0)) }
        XCTAssertEqual(predictor.count, 20, "within 25 ms, every sample is kept: the ring grew past 8 and 16")
        predictor.reset()
        XCTAssertEqual(predictor.count, 0)
        XCTAssertNil(predictor.predict(horizon: 1_000_000))
        predictor.add(.init(time: 100_000_000, x: 10, y: 10))
        XCTAssertNil(predictor.predict(horizon: 1_000_000), "one sample has no velocity")
        predictor.add(.init(time: 108_000_000, x: 18, y: 10))
        XCTAssertEqual(predictor.predict(horizon: 8_000_000), .init(time: 116_000_000, x: 26, y: 10))
    }
}
