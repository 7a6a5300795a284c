import CZeroMQ

/// Readiness flags of `zmq_poll` and `ZMQ_EVENTS`. The raw value is `zmq_pollitem_t.events`'s Int16
/// (the `ZMQ_POLL*` macros import as Int32).
public struct ZMQPollEvents: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: Int16
    public init(rawValue: Int16) { self.rawValue = rawValue }

    /// A message can be received (socket) / the fd is readable.
    public static let `in` = ZMQPollEvents(rawValue: Int16(ZMQ_POLLIN))
    /// A message can be sent without blocking / the fd is writable.
    package static let out = ZMQPollEvents(rawValue: Int16(ZMQ_POLLOUT))
    /// An error condition on a plain fd (POLLERR, POLLHUP, POLLNVAL); never set for zmq sockets.
    package static let err = ZMQPollEvents(rawValue: Int16(ZMQ_POLLERR))
    /// Urgent data on a plain fd.
    static let pri = ZMQPollEvents(rawValue: Int16(ZMQ_POLLPRI))

    public var description: String {
        let names = [(ZMQPollEvents.in, "in"), (.out, "out"), (.err, "err"), (.pri, "pri")]
            .filter { contains($0.0) }.map(\.1)
        return "[" + names.joined(separator: ", ") + "]"
    }
}
