import Foundation
import HIDEvent
import UIKitModel

/// How far `TouchPredictor` (the predictor behind `UIEvent.predictedTouches(for:)`) misses on a recording, in
/// points, measured as Chromium's input-prediction metrics do (ui/events/blink/prediction/, "PredictionMetrics"):
/// at every sample of a stroke the predictor, fed the stroke so far, predicts `horizon` ahead; the real position
/// then is interpolated between the recorded samples around it. The error is split along the finger's real
/// direction of travel: ahead of the real position is **over-prediction**, behind it **under-prediction**.
/// **Jitter** is how much the step between two consecutive predictions differs from the real step between the
/// positions they predict: |(pᵢ − pᵢ₋₁) − (rᵢ − rᵢ₋₁)|. A sample whose horizon runs past the stroke's last sample
/// is not scored.
public struct PredictionMetrics: Equatable, Sendable {
    /// Strokes scored (a finger's down to its lift).
    public var strokes = 0
    /// Samples scored (a prediction and the real position at its time).
    public var predictions = 0
    /// Samples with no prediction yet (fewer than two samples in the window).
    public var unpredicted = 0
    /// Over-prediction per scored sample: how far ahead of the real position along the direction of travel, points.
    public var over: [Double] = []
    /// Under-prediction per scored sample: how far behind the real position, points.
    public var under: [Double] = []
    /// Jitter per consecutive pair of predictions, points.
    public var jitter: [Double] = []
    /// Euclidean distance between prediction and real position.
    public var error: [Double] = []

    /// Scores the predictor on every finger stroke of `frames` (a recording mapped to screen points).
    public static func measure(
        _ frames: [TimedHIDPayload], horizon: UInt64, window: UInt64 = TouchPredictor.defaultWindow
    )
        -> PredictionMetrics
    {
        var metrics = PredictionMetrics()
        var open: [UInt32: [TouchPredictor.Sample]] = [:]
        func finish(_ stroke: [TouchPredictor.Sample]) {
            metrics.strokes += 1
            metrics.score(stroke, horizon: horizon, window: window)
        }
        for frame in frames {
            guard case .digitizer(let digitizer) = frame.payload else { continue }
            for finger in digitizer.children where finger.depth > 0 {
                let sample = TouchPredictor.Sample(time: frame.time, x: Double(finger.x), y: Double(finger.y))
                if finger.phase.contains(.began) && open[finger.transducerIndex] == nil {
                    open[finger.transducerIndex] = [sample]
                } else if finger.phase.contains(.ended) || finger.phase.contains(.cancelled) {
                    if var stroke = open.removeValue(forKey: finger.transducerIndex) {
                        if finger.phase.contains(.ended), stroke.last.map({ $0.time < sample.time }) ?? false {
                            stroke.append(sample)
                        }
                        finish(stroke)
                    }
                } else if open[finger.transducerIndex] != nil, finger.phase.contains(.changed) {
                    open[finger.transducerIndex]!.append(sample)
                }
            }
        }
        for key in open.keys.sorted() { finish(open[key]!) }
        return metrics
    }

    private mutating func score(_ stroke: [TouchPredictor.Sample], horizon: UInt64, window: UInt64) {
        var predictor = TouchPredictor(window: window)
        var previous: (predicted: TouchPredictor.Sample, real: (x: Double, y: Double))?
        for (i, sample) in stroke.enumerated() {
            predictor.add(sample)
            let target = sample.time &+ horizon
            guard let last = stroke.last, target <= last.time else { break }
            guard let predicted = predictor.predict(horizon: horizon) else {
                unpredicted += 1
                previous = nil
                continue
            }
            // The real position at `target`, between the two samples around it.
            var j = i
            while stroke[j + 1].time < target { j += 1 }
            let a = stroke[j], b = stroke[j + 1]
            let f = b.time > a.time ? Double(target - a.time) / Double(b.time - a.time) : 1
            let real = (x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
            let ex = predicted.x - real.x, ey = predicted.y - real.y
            predictions += 1
            error.append((ex * ex + ey * ey).squareRoot())
            let dx = real.x - sample.x, dy = real.y - sample.y
            let length = (dx * dx + dy * dy).squareRoot()
            if length > 0 {
                let along = (ex * dx + ey * dy) / length
                if along > 0 { over.append(along) } else if along < 0 { under.append(-along) }
            }
            if let previous {
                let jx = (predicted.x - previous.predicted.x) - (real.x - previous.real.x)
                let jy = (predicted.y - previous.predicted.y) - (real.y - previous.real.y)
                jitter.append((jx * jx + jy * jy).squareRoot())
            }
            previous = (predicted, real)
        }
    }

    /// One line per figure: count, mean, p50, p95, max in points.
    public func report(horizon: UInt64) -> [String] {
        func summary(_ name: String, _ values: [Double]) -> String {
            guard !values.isEmpty else { return "\(name): n=0" }
            let sorted = values.sorted()
            func p(_ q: Double) -> Double { sorted[min(sorted.count - 1, Int((Double(sorted.count) * q).rounded(.up)) - 1)] }
            let mean = values.reduce(0, +) / Double(values.count)
            return String(
                format: "%@: n=%d mean %.3f p50 %.3f p95 %.3f max %.3f pt", name, values.count, mean, p(0.5), p(0.95),
                sorted[sorted.count - 1])
        }
        return [
            String(
                format: "prediction %.3f ms ahead: %d stroke(s), %d prediction(s) scored, %d sample(s) without one",
                Double(horizon) / 1e6, strokes, predictions, unpredicted),
            summary("error", error), summary("over-prediction", over), summary("under-prediction", under),
            summary("jitter", jitter),
        ]
    }
}
