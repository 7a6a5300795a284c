import ControlProtocol
import Foundation
import Histogram

/// `--hgrm DIR`: each hop's histogram in HdrHistogram's percentile-distribution format, values in
/// microseconds, one `<hop>.hgrm` per hop, for HdrHistogram's plotter or for diffing two runs.
enum HistogramFiles {
    /// Writes the non-empty histograms (nanoseconds) and returns the paths written.
    static func write(_ histograms: [String: Histogram<UInt64>], to directory: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var written: [String] = []
        for name in HopLatency.ordered(histograms) {
            guard let histogram = histograms[name], histogram.totalCount > 0 else { continue }
            var text = ""
            histogram.outputPercentileDistribution(to: &text, outputValueUnitScalingRatio: 1000)
            let path = (directory as NSString).appendingPathComponent("\(name).hgrm")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            written.append(path)
        }
        return written
    }
}
