extension UIResponder {
    /// Applies the scripted choice for `method` as the overriding subclass would: log when overridden, and say
    /// whether UIResponder's own behaviour (forwarding to `next`) still runs.
    @inline(__always)
    func runsSuper(_ method: UIResponderMethod, touches: Set<UITouch>? = nil) -> Bool {
        switch overrides[method] {
        case .inherit:
            return true
        case .callSuper:
            recordCall(method.selector, group: method.traceGroup, touches: touches, reason: "calls super")
            return true
        case .consume:
            recordCall(method.selector, group: method.traceGroup, touches: touches, reason: "consumes it: no super")
            return false
        }
    }
}
