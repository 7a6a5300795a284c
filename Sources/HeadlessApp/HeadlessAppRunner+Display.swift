import Foundation
import UIKitModel

/// The headless run's display report: frames presented and missed, samples delivered and coalesced, and
/// touch-to-present latency (hardware time to the present of the first frame that reflects the sample), by kind,
/// all on the manual clock.
extension HeadlessAppRunner {
    /// Every sample posted so far (the run's `read`).
    public var samplesPosted: UInt64 { nextSequence &- 1 }

    /// The report's lines; nil without a display.
    public func displayReport() -> [String]? {
        guard let display = application.display else { return nil }
        let dispatcher = application.eventDispatcher!
        var lines = [
            "display: \(display.refreshHz) Hz, render delay \(display.renderDelayFrames) frame(s); frames presented "
                + "\(display.framesPresented), missed \(display.framesMissed); samples read \(samplesPosted) = delivered "
                + "\(dispatcher.samplesDelivered) + coalesced \(dispatcher.samplesCoalesced)"
        ]
        let latencies = display.touchToPresent()
        for kind in FrameClock.Kind.allCases {
            guard var values = latencies[kind], !values.isEmpty else { continue }
            values.sort()
            func ms(_ ns: UInt64) -> String { String(format: "%.3f", Double(ns) / 1e6) }
            func p(_ q: Double) -> UInt64 { values[min(values.count - 1, Int((Double(values.count) * q).rounded(.up)) - 1)] }
            lines.append(
                "touch-to-present \(kind.rawValue): n=\(values.count) min \(ms(values[0])) p50 \(ms(p(0.5))) "
                    + "p99 \(ms(p(0.99))) max \(ms(values[values.count - 1])) ms")
        }
        return lines
    }
}
