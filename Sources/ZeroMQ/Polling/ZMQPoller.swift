import CZeroMQ
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A reusable `zmq_poll` set over zmq sockets and plain file descriptors (an eventfd or a pipe for
/// cross-thread wake-ups). Level-triggered, as `zmq_poll` is. Polling allocates nothing: the item array
/// is built once and reused.
public struct ZMQPoller {
    private var items: [zmq_pollitem_t] = []
    /// Keeps each polled socket alive (its `void*` is in `items`) and lets `poll` refuse closed ones.
    private var sockets: [ZMQSocket?] = []

    public init() {}

    /// The number of items.
    public var count: Int { items.count }

    /// Adds a socket; returns its index for `revents(at:)`.
    @discardableResult
    public mutating func add(socket: ZMQSocket, events: ZMQPollEvents) -> Int {
        items.append(zmq_pollitem_t(socket: socket.handle, fd: -1, events: events.rawValue, revents: 0))
        sockets.append(socket)
        return items.count - 1
    }

    /// Adds a plain file descriptor; returns its index for `revents(at:)`.
    @discardableResult
    public mutating func add(fileDescriptor: Int32, events: ZMQPollEvents) -> Int {
        items.append(zmq_pollitem_t(socket: nil, fd: fileDescriptor, events: events.rawValue, revents: 0))
        sockets.append(nil)
        return items.count - 1
    }

    /// Removes every item, keeping the storage: a poller rebuilt for each wait allocates nothing once grown.
    public mutating func removeAll() {
        items.removeAll(keepingCapacity: true)
        sockets.removeAll(keepingCapacity: true)
    }

    /// Changes which events item `index` waits for.
    package mutating func setEvents(_ events: ZMQPollEvents, at index: Int) {
        items[index].events = events.rawValue
    }

    /// The events item `index` waits for.
    package func events(at index: Int) -> ZMQPollEvents { ZMQPollEvents(rawValue: items[index].events) }

    /// Waits until an item is ready or the timeout passes (-1 = forever, 0 = just check).
    /// EINTR is retried with the time that is left. Returns the number of ready items (0 on timeout).
    @discardableResult
    public mutating func poll(timeoutMilliseconds: Int) throws(ZMQError) -> Int {
        for (index, socket) in sockets.enumerated() where socket?.isClosed == true {
            throw ZMQError(code: ENOTSOCK, operation: "zmq_poll", detail: "item \(index) is a closed socket")
        }
        let started = SuspendingClock.now
        var timeout = timeoutMilliseconds
        while true {
            let ready = items.withUnsafeMutableBufferPointer {
                zmq_poll($0.baseAddress, Int32($0.count), timeout)
            }
            if ready >= 0 { return Int(ready) }
            let code = zmq_errno()
            guard code == EINTR else { throw ZMQError(code: code, operation: "zmq_poll") }
            if timeoutMilliseconds > 0 { timeout = max(0, timeoutMilliseconds - ZMQPoller.milliseconds(since: started)) }
        }
    }

    /// What item `index` was ready for in the last `poll` (empty if nothing).
    public func revents(at index: Int) -> ZMQPollEvents { ZMQPollEvents(rawValue: items[index].revents) }

    /// Whole milliseconds elapsed. The standard library's monotonic clock: only a duration is needed here,
    /// so ZeroMQ stays free of the pipeline's modules (the pipeline's clock is RunLoopKit's `MonotonicClock`).
    private static func milliseconds(since start: SuspendingClock.Instant) -> Int {
        let elapsed = start.duration(to: .now).components
        return Int(elapsed.seconds) * 1000 + Int(elapsed.attoseconds / 1_000_000_000_000_000)
    }
}
