import ControlProtocol

extension HopLatency {
    /// springboard's hops in the order an event travels them; `sourceSend` (the load generator's own
    /// wait: the frame's stamp → its PUSH socket took it) comes first.
    static let order = [
        "sourceSend", "sourceToSpringBoard", "springBoardQueue", "springBoardToApp", "appQueue",
        "dispatch", "ackBack", "ack", "endToEnd",
    ]

    /// Names of `hops` in travel order, unknown ones after, alphabetically.
    static func ordered<T>(_ hops: [String: T]) -> [String] {
        order.filter { hops[$0] != nil } + hops.keys.filter { !order.contains($0) }.sorted()
    }
}
