extension UIResponder {
    /// This responder followed by every `next` until the chain ends. A custom `next` can form a cycle; the walk
    /// stops before revisiting an object so printing a chain never hangs.
    package var responderChain: [UIResponder] {
        var chain: [UIResponder] = []
        var seen = Set<ObjectIdentifier>()
        var current: UIResponder? = self
        while let responder = current, seen.insert(ObjectIdentifier(responder)).inserted {
            chain.append(responder)
            current = responder.next
        }
        return chain
    }

    /// The chain as iOS engineers print it: `CircleButton --> CustomTabBar --> ... --> AppDelegate`.
    public var responderChainDescription: String {
        responderChain.map(\.traceClassName).joined(separator: " --> ")
    }
}
