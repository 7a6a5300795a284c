/// A run length as typed on the command line: `10s`, `500ms`, `2m`, or plain seconds (`1.5`).
struct LoadDuration: Equatable {
    var nanoseconds: UInt64

    init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

    /// Parses `text`; nil when it is not a positive number with an optional `ms`, `s` or `m` unit.
    init?(parsing text: String) {
        guard let (value, scale) = Self.number(text), value.isFinite, value > 0, value * scale < Double(UInt64.max) else {
            return nil
        }
        nanoseconds = UInt64(value * scale)
    }

    /// The number in `text` and its unit's nanoseconds (seconds when it has none); nil when it is not a number.
    static func number(_ text: String) -> (value: Double, scale: Double)? {
        let units: [(suffix: String, scale: Double)] = [("ms", 1e6), ("s", 1e9), ("m", 60e9)]
        var number = Substring(text)
        var scale = 1e9
        // "ms" before "s" and "m": the longest suffix wins.
        for unit in units where number.hasSuffix(unit.suffix) {
            number = number.dropLast(unit.suffix.count)
            scale = unit.scale
            break
        }
        return Double(number).map { ($0, scale) }
    }

    var seconds: Double { Double(nanoseconds) / 1e9 }
}
