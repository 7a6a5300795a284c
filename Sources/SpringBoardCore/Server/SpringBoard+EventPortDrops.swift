// What the event port reads and routes nowhere: counted by reason (and, when malformed, by rule and peer).
extension SpringBoard {
    /// A frame read and routed nowhere: counted in the drops and in the event port's share of them.
    @inline(__always) func dropAtPort(_ reason: DropReason) {
        counters.drops.add(reason)
        counters.eventPortDrops.add(reason)
    }

    /// A frame that did not validate: counted by the rule it broke and by the peer that sent it, logged at most
    /// once a second (a fuzzer must not fill the disk).
    func countMalformed(reason: String, connection: Int32, _ error: any Error) {
        dropAtPort(.malformed)
        counters.malformedByReason[reason, default: 0] &+= 1
        var peer = connection < 0 ? "unknown" : "fd \(connection)"
        if connection >= 0, let credentials = PeerCredentials(fileDescriptor: connection) { peer = "pid \(credentials.pid)" }
        if counters.malformedByPeer[peer] == nil, counters.malformedByPeer.count >= 32 { peer = "other" }
        counters.malformedByPeer[peer, default: 0] &+= 1
        if configuration.verbose { logLimited("event port: dropped malformed frame from \(peer): \(error)") }
    }
}

/// A message of more than one frame on the event port.
struct MultipartMessage: Error, CustomStringConvertible {
    var parts: Int
    var description: String { "a message of \(parts) frames (one HID message or marker per message)" }
}
