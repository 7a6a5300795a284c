import CZeroMQ

// Telling a received message's connection apart without asking libzmq for `ZMQ_SRCFD` each time.
extension ZMQMessage {
    /// The address of the connection metadata libzmq attached to a received message (nil: none, e.g. inproc or not
    /// received). libzmq 4.3 gives every message read from one connection the same reference-counted `metadata_t`
    /// (the engine's, made at its handshake; `msg_t::set_metadata`), and keeps its address in the first word of the
    /// `zmq_msg_t` whatever the message's type (src/msg.hpp: `metadata` leads each member of msg_t's union). Two
    /// messages with the same address came over the same connection, provided the metadata was kept alive in
    /// between (a freed `metadata_t`'s address can be reused by a later connection's): see `ConnectionCache`.
    package var connectionMetadata: UnsafeRawPointer? {
        UnsafeRawPointer(pointer).load(as: UnsafeRawPointer?.self)
    }

    /// Whether `connectionMetadata` may be read: only against libzmq 4.3, whose `msg_t` layout it relies on (Debian's
    /// libzmq3-dev; another version asks `ZMQ_SRCFD` every time, correct and 2.5% slower at saturation).
    package static let layoutKnown: Bool = {
        let version = ZMQLibrary.version
        return version.major == 4 && version.minor == 3
    }()

    /// Makes this message share `other`'s content and metadata (`zmq_msg_copy`: reference counts, no bytes
    /// copied); what this message held before is released.
    package func share(_ other: ZMQMessage) throws {
        guard zmq_msg_copy(pointer, other.pointer) == 0 else { throw ZMQError.last("zmq_msg_copy") }
    }
}

/// `ZMQ_SRCFD` of received messages, asked of libzmq only when a message comes over another connection than the
/// last one asked about. `zmq_msg_get(ZMQ_SRCFD)` looks the `"__fd"` property up in the message's metadata map and
/// parses it (`atoi`) on every call: 2.5% of springboard's CPU at saturation, for an answer that changes only with
/// the connection. The answer is kept with the metadata's address, and a copy of the message it came from pins
/// that metadata (and so its address) until another connection's message replaces it or `forget()` drops it:
/// what this returns is exactly what `ZMQ_SRCFD` would.
package final class ConnectionCache {
    private let pin = ZMQMessage()
    // Read once here: a static let read per message goes through its lazy-global accessor.
    private let layoutKnown = ZMQMessage.layoutKnown
    @exclusivity(unchecked)
    private var metadata: UnsafeRawPointer?
    @exclusivity(unchecked)
    private var fileDescriptor: Int32 = -1

    package init() {}

    /// The connection `message` (just received) came over: its `ZMQ_SRCFD`, or -1 when it has none.
    @inline(__always) package func connection(of message: ZMQMessage) -> Int32 {
        guard layoutKnown, let address = message.connectionMetadata else {
            return message.sourceFileDescriptor ?? -1
        }
        if address == metadata { return fileDescriptor }
        fileDescriptor = message.sourceFileDescriptor ?? -1
        metadata = (try? pin.share(message)) == nil ? nil : address
        return fileDescriptor
    }

    /// Releases the pinned metadata (a connection closed: its receive buffer need not be held); the next message
    /// asks libzmq again.
    package func forget() {
        metadata = nil
        fileDescriptor = -1
        pin.reset()
    }
}
