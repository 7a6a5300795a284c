/// Why a control request got no usable reply.
enum ControlClientError: Error, CustomStringConvertible {
    case timeout(endpoint: String)
    case badReply(String)

    var description: String {
        switch self {
        case .timeout(let endpoint): return "no reply from springboard at \(endpoint) (is it running?)"
        case .badReply(let text): return "springboard sent a reply that is not a control reply: \(text.prefix(200))"
        }
    }
}
