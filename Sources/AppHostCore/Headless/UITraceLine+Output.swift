import Foundation
import UIKitModel

extension UITraceLine {
    /// The line as a JSON object on one line: `{"line":"-[EView hitTest:withEvent:]","time":1.05,"timeNs":1050000000}`.
    public var jsonLine: String {
        "{\"line\":\(JSONStringLiteral.quoted(text)),\"time\":\(Self.seconds(time)),\"timeNs\":\(time)}"
    }

    /// Seconds with millisecond-or-better precision and no float noise (`1.05`, not `1.0500000000000000444`).
    static func seconds(_ ns: UInt64) -> String {
        let whole = ns / 1_000_000_000
        var fraction = String(ns % 1_000_000_000)
        fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
        while fraction.count > 1 && fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }
}
