import ControlProtocol
import Foundation
import Histogram

/// `--hgrm DIR`: each hop's histogram in HdrHistogram's percentile-distribution format, values in
/// microseconds, one `<hop>.hgrm` per hop, for HdrHistogram's plotter or for diffing two runs.
enum HistogramFiles {
    /// Makes sure `directory` can take the files before a run starts (created if missing), so a bad path is
    /// said at once instead of costing the run's report; throws a one-line reason.
    static func prepare(_ directory: String) throws(HistogramDirectoryError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw HistogramDirectoryError("\(directory) is a file, not a directory") }
        } else {
            do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
                throw HistogramDirectoryError("cannot create \(directory): \(error.localizedDescription)")
            }
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            throw HistogramDirectoryError("\(directory) is not writable")
        }
    }

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

/// Why `--hgrm` cannot be used, in a line.
struct HistogramDirectoryError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
