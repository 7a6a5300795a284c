import ZeroMQ

/// What a source1 waits on: the loop puts every source1 port of the running mode into its one
/// `zmq_poll`, so a readable port wakes the loop by itself (CF: a source1's mach port is in the wait set).
public enum RunLoopPort {
    /// A ZeroMQ socket, readable while it has a message to receive (`zmq_poll` is level-triggered for
    /// sockets). The port retains the socket, so the loop never polls a freed one; a socket closed while
    /// its source is in a mode is refused at the next wait (the run ends with `lastWaitError` ENOTSOCK).
    /// The socket must be used only on the loop's thread.
    case zmq(ZMQSocket)
    /// A file descriptor (pipe, eventfd, socket): readable per `poll(2)`.
    case fileDescriptor(Int32)

    /// Adds the port to `poller`, asking for readability. An error or hang-up on a descriptor
    /// (`ZMQ_POLLERR`) also counts as ready, so the callout gets to see it.
    func add(to poller: inout ZMQPoller) {
        switch self {
        case .zmq(let socket):
            poller.add(socket: socket, events: .in)
        case .fileDescriptor(let fd):
            poller.add(fileDescriptor: fd, events: .in)
        }
    }
}
