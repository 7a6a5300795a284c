enum TraceSinkError: Error, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)

    var description: String {
        switch self {
        case let .cannotOpen(path, reason): return "cannot open trace file \(path): \(reason)"
        }
    }
}
