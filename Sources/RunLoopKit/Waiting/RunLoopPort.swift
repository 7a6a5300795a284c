/// What a source1 waits on: the loop puts every source1 port of the running mode into its one wait, so a
/// readable port wakes the loop by itself (CF: a source1's mach port is in the wait set).
///
/// RunLoopKit knows file descriptors, which it waits on with `poll(2)`. A port of another kind (a ZeroMQ
/// socket: `.zmq(_)` in RunLoopZeroMQ) names the waiter that understands it, and a loop given such a port
/// waits with that waiter from then on (as NIOCore leaves sockets to NIOPosix).
public enum RunLoopPort {
    /// A file descriptor (pipe, eventfd, socket): readable per `poll(2)`. An error or hang-up on it also
    /// counts as ready, so the callout gets to see it.
    case fileDescriptor(Int32)
    /// An object only `waiter` can wait on; the port retains it, so the loop never waits on a freed one.
    /// A module that adds a kind of port spells it as a static func (`RunLoopPort.zmq(socket)`).
    case object(AnyObject, waiter: any RunLoopWaiter.Type)
}
