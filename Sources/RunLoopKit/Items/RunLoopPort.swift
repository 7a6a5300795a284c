import CZeroMQ

/// What a source1 waits on: the loop puts every source1 port of the running mode into its one
/// `zmq_poll`, so a readable port wakes the loop by itself (CF: a source1's mach port is in the wait set).
public enum RunLoopPort: Hashable {
    /// A ZeroMQ socket (the `void *` handle). Readable while it has a message to receive (`zmq_poll`
    /// is level-triggered for sockets). The socket must be used only on the loop's thread.
    case zmq(UnsafeMutableRawPointer)
    /// A file descriptor (pipe, eventfd, socket): readable per `poll(2)`.
    case fileDescriptor(Int32)

    /// The poll item asking for readability. An error or hang-up on the port (`ZMQ_POLLERR`) also
    /// counts as ready, so the callout gets to see it.
    var pollItem: zmq_pollitem_t {
        switch self {
        case .zmq(let socket):
            return zmq_pollitem_t(socket: socket, fd: 0, events: Int16(ZMQ_POLLIN), revents: 0)
        case .fileDescriptor(let fd):
            return zmq_pollitem_t(socket: nil, fd: fd, events: Int16(ZMQ_POLLIN), revents: 0)
        }
    }
}
