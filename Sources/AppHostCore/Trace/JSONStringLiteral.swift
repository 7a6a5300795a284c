import Foundation

/// JSON string literals for the trace outputs (the headless runner's JSON lines and `TraceSink`'s file/PUB
/// lines), so both escape a trace line the same way.
enum JSONStringLiteral {
    /// `text` as a JSON string literal, quotes included (RFC 8259 escapes; other control characters as `\u00XX`).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
