/// A hop of the pipeline that stamps its monotonic time into the envelope (see `HIDHopTimestamps`).
public enum HIDHop: Sendable, CaseIterable {
    case hardware
    case routerReceived
    case routerForwarded
    case appReceived

    /// Offset of this hop's u64 timestamp inside the envelope.
    var envelopeOffset: Int {
        switch self {
        case .hardware: return HIDWireLayout.Envelope.hardware
        case .routerReceived: return HIDWireLayout.Envelope.routerReceived
        case .routerForwarded: return HIDWireLayout.Envelope.routerForwarded
        case .appReceived: return HIDWireLayout.Envelope.appReceived
        }
    }
}

extension HIDHopTimestamps {
    package subscript(hop: HIDHop) -> UInt64 {
        get {
            switch hop {
            case .hardware: return hardware
            case .routerReceived: return routerReceived
            case .routerForwarded: return routerForwarded
            case .appReceived: return appReceived
            }
        }
        set {
            switch hop {
            case .hardware: hardware = newValue
            case .routerReceived: routerReceived = newValue
            case .routerForwarded: routerForwarded = newValue
            case .appReceived: appReceived = newValue
            }
        }
    }
}
