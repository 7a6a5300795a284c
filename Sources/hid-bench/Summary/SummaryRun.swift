import Foundation

/// One run's JSON report, read generically: the pipeline's (`hid-source load --json`) and the relay's
/// (`hid-bench relay --json`) share the fields a summary row needs.
struct SummaryRun {
    /// The file name without its order prefix and extension (`03-pipeline-saturation-shed`).
    let name: String
    let report: [String: Any]

    init(file: String, report: [String: Any]) {
        var stem = Substring(file.hasSuffix(".json") ? String(file.dropLast(5)) : file)
        if let dash = stem.firstIndex(of: "-"), stem[..<dash].allSatisfy(\.isNumber) { stem = stem[stem.index(after: dash)...] }
        name = String(stem)
        self.report = report
    }

    var kind: String { report["kind"] as? String ?? "pipeline" }
    var isRelay: Bool { kind == "relay" }

    func number(_ path: String...) -> Double? { number(path: path) }

    func number(path: [String]) -> Double? {
        var value: Any? = report
        for key in path { value = (value as? [String: Any])?[key] }
        // JSONSerialization hands numbers back as NSNumber.
        return (value as? NSNumber)?.doubleValue
    }

    func string(_ key: String) -> String? { report[key] as? String }
}
