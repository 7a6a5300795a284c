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

    public init() {}

    /// A poller failure other than EINTR (which it retries with the time left: a closed socket, a
    /// terminated context) is thrown with libzmq's text for its errno.
    public func wait(
        on ports: [RunLoopPort], timeoutMilliseconds: Int, ready: inout [Bool]
    ) throws(RunLoopSystemError)
        -> Int
    {
        poller.removeAll()
        for port in ports {
            switch port {
            case .fileDescriptor(let descriptor):
                poller.add(fileDescriptor: descriptor, events: .in)
            case .object(let object, _):
                // Only `.zmq(_)` makes ports whose waiter is this one, and the loop hands them to no other.
                poller.add(socket: unsafeDowncast(object, to: ZMQSocket.self), events: .in)
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
}
