/// Reads absolute axis ranges from evemu text: `A: <code hex> <min> <max> <fuzz> <flat> [<resolution>]`
/// lines, and the header comments `evemu-record` writes (`#     Event code 53 (ABS_MT_POSITION_X)` followed
/// by `#       Min 0`, `#       Max 799`, `#       Resolution 0`). `A:` lines win over comments.
enum EvemuAxisReader {
    static func axes(in text: String) -> [Int: EvemuAxis] {
        var fromLines: [Int: EvemuAxis] = [:]
        var fromComments: [Int: EvemuAxis] = [:]
        var inAbsolute = false
        var code: Int?
        for line in text.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let tag = fields.first else { continue }
            if tag == "A:", fields.count >= 4, let c = Int(fields[1], radix: 16), let lo = Int(fields[2]),
                let hi = Int(fields[3])
            {
                let resolution = fields.count >= 7 ? Int(fields[6]) ?? 0 : 0
                fromLines[c] = EvemuAxis(minimum: lo, maximum: hi, resolution: resolution)
                continue
            }
            guard tag == "#", fields.count >= 3 else { continue }
            switch (fields[1], fields[2]) {
            case ("Event", "type"):
                inAbsolute = fields.count >= 4 && fields[3] == "3"
                code = nil
            case ("Event", "code") where inAbsolute && fields.count >= 4:
                code = Int(fields[3])
                if let code { fromComments[code] = EvemuAxis(minimum: 0, maximum: 0) }
            case ("Min", let value):
                if let code, let v = Int(value) { fromComments[code]?.minimum = v }
            case ("Max", let value):
                if let code, let v = Int(value) { fromComments[code]?.maximum = v }
            case ("Resolution", let value):
                if let code, let v = Int(value) { fromComments[code]?.resolution = v }
            default:
                continue
            }
        }
        return fromLines.merging(fromComments) { line, _ in line }
    }
}
