enum AppHostError: Error, CustomStringConvertible {
    case invalidBundleID(String)

    var description: String {
        switch self {
        case .invalidBundleID(let id):
            return "bundle id \"\(id)\" cannot be a routing identity (1...255 bytes, not starting with a zero byte)"
        }
    }
}
