import Foundation
import HeadlessApp
import HIDEvent
import TestSupport
import TouchRecording
import XCTest

/// The predicted-touches predictor measured on a real recording (shared/recordings), with the figures
/// `app-host predict` prints for it.
final class PredictionMetricsTests: XCTestCase {
    func testPredictorErrorOnAOneFingerDragRecording() throws {
        let recording = try EvemuRecording(evemuDevices: "ep0430m09.1-finger-drag-up-down.events")
        // `app-host predict`'s default placement: the 390 x 844 screen, the device's aspect kept.
        let frames = try recording.timedPayloads(mapping: RecordingMapping(screen: CGSize(width: 390, height: 844), fit: .aspect))
        let horizon: UInt64 = 1_000_000_000 / 60
        XCTAssertEqual(
            PredictionMetrics.measure(frames, horizon: horizon).report(horizon: horizon),
            [
                "prediction 16.667 ms ahead: 1 stroke(s), 181 prediction(s) scored, 1 sample(s) without one",
                "error: n=181 mean 0.843 p50 0.575 p95 2.337 max 5.039 pt",
                "over-prediction: n=106 mean 0.629 p50 0.379 p95 2.022 max 2.880 pt",
                "under-prediction: n=74 mean 0.936 p50 0.546 p95 3.109 max 5.038 pt",
                "jitter: n=180 mean 0.786 p50 0.525 p95 2.474 max 3.198 pt",
            ])
    }

    /// A straight drag at constant speed is predicted exactly: no error, no over, no under, no jitter.
    func testAConstantVelocityStrokeIsPredictedExactly() {
        var frames = [
            TimedHIDPayload(
                time: 0, payload: .digitizer(HIDDigitizerFrame(fingers: [HIDDigitizerEvent(finger: 1, .down, x: 0, y: 0)])))
        ]
        for i in 1...20 {
            frames.append(
                TimedHIDPayload(
                    time: UInt64(i) * 8_000_000,
                    payload: .digitizer(
                        HIDDigitizerFrame(fingers: [HIDDigitizerEvent(finger: 1, .move, x: Float(2 * i), y: 0)]))))
        }
        let metrics = PredictionMetrics.measure(frames, horizon: 16_000_000)
        XCTAssertEqual(metrics.strokes, 1)
        XCTAssertEqual(metrics.predictions, 18)  // the first has no velocity; the last two look past the stroke
        XCTAssertEqual(metrics.unpredicted, 1)
        XCTAssertEqual(metrics.error.max() ?? -1, 0, accuracy: 1e-9)
        XCTAssertEqual(metrics.over.count + metrics.under.count, 0)
        XCTAssertEqual(metrics.jitter.max() ?? -1, 0, accuracy: 1e-9)
    }
}
