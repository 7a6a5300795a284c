/// What is wrong with a `--mix` value; the text names the item.
enum GestureMixError: Error, CustomStringConvertible {
    case malformedItem(String)
    case unknownGesture(String)
    case duplicate(GestureKind)
    case badWeight(String)
    case allZero

    var description: String {
        let known = GestureKind.allCases.map(\.rawValue).joined(separator: ", ")
        switch self {
        case .malformedItem(let item): return "--mix: \"\(item)\" is not name=weight (e.g. drag=8,tap=1,pinch=1)"
        case .unknownGesture(let name): return "--mix: unknown gesture \"\(name)\" (known: \(known))"
        case .duplicate(let kind): return "--mix: \(kind.rawValue) is given twice"
        case .badWeight(let item): return "--mix: the weight in \"\(item)\" must be a whole number >= 0"
        case .allZero: return "--mix: at least one weight must be positive"
        }
    }
}
