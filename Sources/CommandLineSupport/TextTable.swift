/// Plain-text tables for terminals: columns as wide as their widest cell, two spaces apart, no trailing
/// spaces. The one table writer of the command-line tools (sbctl's replies, hid-source load's and hid-bench
/// relay's reports).
public enum TextTable {
    /// `rows` (the first is usually the header) in aligned columns; the columns in `rightAligned` (numbers)
    /// are padded on the left.
    public static func render(_ rows: [[String]], rightAligned: Set<Int> = []) -> String {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        return rows.map { row in
            row.enumerated().map { i, cell in
                let fill = String(repeating: " ", count: widths[i] - cell.count)
                return rightAligned.contains(i) ? fill + cell : cell + fill
            }
            .joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n")
    }

    /// The same, with every column from `rightAlignedFrom` on right-aligned (a label, then numbers).
    public static func render(_ rows: [[String]], rightAlignedFrom: Int) -> String {
        render(rows, rightAligned: Set(rightAlignedFrom..<max(rightAlignedFrom, rows.map(\.count).max() ?? 0)))
    }

    /// `value` with one decimal, rounded half away from zero ("12.3"), without Foundation's formatting.
    /// For the tools' values: durations, rates and counts, never negative.
    public static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(abs(tenths) % 10)"
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}
