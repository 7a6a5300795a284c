import RunLoopKit
import ZeroMQ

extension RunLoopPort {
    /// A ZeroMQ socket, readable while it has a message to receive (`zmq_poll` is level-triggered for
    /// sockets). The port retains the socket, so the loop never polls a freed one; a socket closed while
    /// its source is in a mode is refused at the next wait (the run ends with `lastWaitError` ENOTSOCK).
    /// The socket must be used only on the loop's thread. A loop given one waits with `ZMQWaiter`.
    public static func zmq(_ socket: ZMQSocket) -> RunLoopPort {
        .object(socket, waiter: ZMQWaiter.self)
    }
}

/// The waiter of a loop with ZeroMQ sockets among its ports: one `ZMQPoller` wait (zmq_poll's answers in
/// fewer system calls) over the sockets and the file descriptors, the poller reused from wait to wait.
public final class ZMQWaiter: RunLoopWaiter {
    @exclusivity(unchecked)
    private var poller = ZMQPoller()
    /// The ports the poller holds, by identity (a descriptor, or a socket's address: the poller retains its
    /// sockets, so an address cannot be reused while listed). A wait on the same ports as the last, nearly every
    /// wait, keeps the poller as it is instead of emptying and refilling it (issue 27: that was about 1,500
    /// instructions an event in the app, retains and releases of every socket included).
    @exclusivity(unchecked)
    private var portKeys: [UInt] = []

    public init() {}

    /// A poller failure other than EINTR (which it retries with the time left: a closed socket, a
    /// terminated context) is thrown with libzmq's text for its errno.
    public func wait(
        on ports: [RunLoopPort], timeoutMilliseconds: Int, ready: inout [Bool]
    ) throws(RunLoopSystemError)
        -> Int
    {
        if !holds(ports) {
            poller.removeAll()
            portKeys.removeAll(keepingCapacity: true)
            for port in ports {
                switch port {
                case .fileDescriptor(let descriptor):
                    poller.add(fileDescriptor: descriptor, events: .in)
                case .object(let object, _):
                    // Only `.zmq(_)` makes ports whose waiter is this one, and the loop hands them to no other. Received
                    // from rather than asked, as CF's wait receives the message it reports: the source1's callout
                    // reads the held frame first (`ZMQPoller.add(receivingFrom:)`).
                    poller.add(receivingFrom: unsafeDowncast(object, to: ZMQSocket.self))
                }
                portKeys.append(Self.key(port))
            }
        }
        let count: Int
        do {
            count = try poller.poll(timeoutMilliseconds: timeoutMilliseconds)
        } catch {
            throw RunLoopSystemError(operation: error.operation, code: error.code, message: ZMQError.text(for: error.code))
        }
        for index in ports.indices where !poller.revents(at: index).isEmpty { ready[index] = true }
        return count
    }

    /// From the poller's last answers (`ZMQPoller.pollWithoutWaiting`), when every port but the wake-up port is a
    /// socket and nothing in this process posted to one since the last wait; a socket used since is asked.
    public func readyWithoutWaiting(on ports: [RunLoopPort], ready: inout [Bool]) throws(RunLoopSystemError) -> Int? {
        guard !ports.isEmpty, holds(ports) else { return nil }
        let count: Int?
        do {
            count = try poller.pollWithoutWaiting(skipping: ports.count - 1)
        } catch {
            throw RunLoopSystemError(operation: error.operation, code: error.code, message: ZMQError.text(for: error.code))
        }
        guard let count else { return nil }
        for index in ports.indices where !poller.revents(at: index).isEmpty { ready[index] = true }
        return count
    }

    /// The poller holds exactly `ports`, in this order.
    private func holds(_ ports: [RunLoopPort]) -> Bool {
        guard ports.count == portKeys.count else { return false }
        for index in ports.indices where Self.key(ports[index]) != portKeys[index] { return false }
        return true
    }

    /// A descriptor is below 2^31; an object's address is far above it.
    private static func key(_ port: RunLoopPort) -> UInt {
        switch port {
        case .fileDescriptor(let descriptor): UInt(UInt32(bitPattern: descriptor))
        case .object(let object, _): UInt(bitPattern: ObjectIdentifier(object))
        }
    }
}
