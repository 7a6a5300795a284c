import Foundation

extension UITraceLine {
    /// The record as one line of JSON (protocols/trace-record.md): keys sorted, absent fields left out,
    /// `/` not escaped. Every writer of traces uses it (the live app's file and PUB socket, `app-host run --json`).
    public var jsonLine: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings, integers and doubles cannot fail.
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Reads one JSON line written by `jsonLine` (tools following a trace file use it).
    public init(jsonLine: String) throws {
        self = try JSONDecoder().decode(UITraceLine.self, from: Data(jsonLine.utf8))
    }
}
