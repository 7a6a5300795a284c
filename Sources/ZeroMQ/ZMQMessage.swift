import CZeroMQ
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A libzmq message (`zmq_msg_t`), allocated once and reused.
///
/// A class on purpose: `zmq_msg_t` is a 64-byte struct that must never be copied (a copy closed twice is a
/// double free, and payloads of 33 bytes or less live inside the struct itself), so it lives at one fixed
/// heap address for the object's lifetime. Receiving into the same message again releases the previous
/// payload (`zmq_msg_recv` does), so a receive loop allocates nothing per message for small payloads.
/// Not thread-safe.
public final class ZMQMessage {
    /// The `zmq_msg_t`, always initialized while the object lives.
    package let pointer: UnsafeMutablePointer<zmq_msg_t>

    /// An empty message, ready to receive into.
    public init() {
        pointer = .allocate(capacity: 1)
        zmq_msg_init(pointer)  // cannot fail: it only zeroes the struct
    }

    /// A message with `size` uninitialized bytes, to be filled through `withUnsafeMutableBytes`.
    package init(size: Int) throws {
        // Fail before `pointer` is set: a class init that throws once every stored property is
        // initialized runs deinit, which would close and free the struct a second time.
        let storage = UnsafeMutablePointer<zmq_msg_t>.allocate(capacity: 1)
        if zmq_msg_init_size(storage, size) != 0 {
            let error = ZMQError.last("zmq_msg_init_size(\(size))")
            storage.deallocate()
            throw error
        }
        pointer = storage
    }

    /// A message holding a copy of `bytes`.
    convenience init(copying bytes: UnsafeRawBufferPointer) throws {
        try self.init(size: bytes.count)
        copyIn(bytes)
    }

    /// A message holding a copy of `bytes`.
    package convenience init(copying bytes: [UInt8]) throws {
        try self.init(size: bytes.count)
        bytes.withUnsafeBytes { copyIn($0) }
    }

    deinit {
        zmq_msg_close(pointer)
        pointer.deallocate()
    }

    /// Payload size in bytes.
    public var count: Int { zmq_msg_size(pointer) }

    /// True when another frame of the same multipart message follows (valid after a receive).
    public var more: Bool { zmq_msg_more(pointer) != 0 }

    /// The payload, valid only inside `body` and until the message is received into, sent or reset.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: zmq_msg_data(pointer), count: zmq_msg_size(pointer)))
    }

    /// The payload for in-place changes (e.g. stamping a timestamp before forwarding the same message).
    public func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeMutableRawBufferPointer(start: zmq_msg_data(pointer), count: zmq_msg_size(pointer)))
    }

    /// The file descriptor of the connection the message arrived on (`ZMQ_SRCFD`; nil for a message not
    /// received, or from inproc). It names the peer's connection while it is open: a PULL or ROUTER socket
    /// can tell its peers apart by it, and an ipc peer's credentials can be read from it (`SO_PEERCRED`).
    package var sourceFileDescriptor: Int32? {
        let fd = zmq_msg_get(pointer, ZMQ_SRCFD)
        return fd >= 0 ? fd : nil
    }

    /// A metadata property of a received message (`zmq_msg_gets`): `User-Id` is what the ZAP handler
    /// answered for the peer's connection (its proven identity under CURVE).
    package func property(_ name: String) -> String? {
        guard let value = zmq_msg_gets(pointer, name) else { return nil }
        return String(cString: value)
    }

    /// A copy of the payload (allocates: not for the hot path).
    package var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    /// Releases the payload and leaves an empty message.
    package func reset() {
        zmq_msg_close(pointer)
        zmq_msg_init(pointer)
    }

    /// Releases the payload and makes room for `size` uninitialized bytes.
    package func reset(size: Int) throws {
        zmq_msg_close(pointer)
        if zmq_msg_init_size(pointer, size) != 0 {
            let error = ZMQError.last("zmq_msg_init_size(\(size))")
            zmq_msg_init(pointer)  // keep the struct valid for the next close
            throw error
        }
    }

    /// Replaces the payload with a copy of `bytes`.
    package func reset(copying bytes: UnsafeRawBufferPointer) throws {
        try reset(size: bytes.count)
        copyIn(bytes)
    }

    private func copyIn(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        memcpy(zmq_msg_data(pointer), source, bytes.count)
    }
}
