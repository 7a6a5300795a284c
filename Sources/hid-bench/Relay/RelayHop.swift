/// The hops the relay baseline measures, named and measured like springboard's, so ratios between the two
/// reports compare like with like. Every stamp is CLOCK_MONOTONIC, shared by the three processes.
enum RelayHop: String, CaseIterable, Codable {
    /// The frame's `hardware` stamp → the relay read it (springboard's `sourceToSpringBoard`).
    case sourceToRelay
    /// The relay sent it → the relay read the sink's ack for it (springboard's `ack`: the round trip).
    case ack
    /// The `hardware` stamp → the sink read it (springboard's `endToEnd` ends when the app's `sendEvent`
    /// returned; the sink has no dispatch, so reading it is the end).
    case endToEnd
    /// The `hardware` stamp → the ack for it is back at the relay.
    case sourceToAck
}

extension RelayHop {
    /// Position in `allCases`: the relay keeps its histograms in an array in that order.
    var index: Int { RelayHop.allCases.firstIndex(of: self)! }
}
