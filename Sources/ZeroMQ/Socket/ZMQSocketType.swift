import CZeroMQ

/// The socket types Debian's libzmq 4.3.4 provides (no draft API: no CLIENT/SERVER/RADIO/DISH).
public enum ZMQSocketType: Sendable, CaseIterable {
    case pair, pub, sub, req, rep, dealer, router, pull, push, xpub, xsub, stream

    /// The `ZMQ_*` constant passed to `zmq_socket`.
    var rawValue: Int32 {
        switch self {
        case .pair: return ZMQ_PAIR
        case .pub: return ZMQ_PUB
        case .sub: return ZMQ_SUB
        case .req: return ZMQ_REQ
        case .rep: return ZMQ_REP
        case .dealer: return ZMQ_DEALER
        case .router: return ZMQ_ROUTER
        case .pull: return ZMQ_PULL
        case .push: return ZMQ_PUSH
        case .xpub: return ZMQ_XPUB
        case .xsub: return ZMQ_XSUB
        case .stream: return ZMQ_STREAM
        }
    }

    /// The type for a `ZMQ_TYPE` value, or nil for a type this wrapper does not know.
    init?(rawValue: Int32) {
        guard let type = ZMQSocketType.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = type
    }
}
