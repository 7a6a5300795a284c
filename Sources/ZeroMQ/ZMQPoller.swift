import CZeroMQ
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A reusable poll set over zmq sockets and plain file descriptors (an eventfd or a pipe for cross-thread
/// wake-ups), with `zmq_poll`'s level-triggered answers. Polling allocates nothing: the arrays are built once
/// and reused.
///
/// Why not `zmq_poll` itself: it asks every socket for `ZMQ_EVENTS` before and after each wait, and each ask
/// costs a `getpid` and a `poll` of the socket's mailbox; with springboard's six sockets that was about 25
/// system calls a wake-up, the largest part of a frame's cost at low rates. This poller asks a socket only
/// when its answer can have changed (see `poll`), so a wake-up costs one `poll(2)` and one ask per socket that
/// was used or signalled.
public struct ZMQPoller {
    private var items: [zmq_pollitem_t] = []
    /// Keeps each polled socket alive and lets `poll` refuse closed ones (nil for plain fds).
    private var sockets: [ZMQSocket?] = []
    /// One per item: whether its answer is found by receiving (`add(receivingFrom:)`) rather than by asking.
    private var receives: [Bool] = []
    /// One per item: the socket's `ZMQ_FD` (readable when its mailbox got a command) or the plain fd.
    private var descriptors: [pollfd] = []
    /// `ZMQSocket.inProcessPostings` when the last `poll` started, and whether `pollWithoutWaiting` answered since
    /// (it answers at most once between two polls).
    private var postingsAtLastPoll: UInt64 = 0
    private var answeredWithoutWaiting = true
    /// How many items are plain descriptors, and the last one's index: `pollWithoutWaiting` answers only when the one
    /// it skips is the only one, a check with no walk over the items.
    private var plainCount = 0
    private var lastPlainIndex = -1

    public init() {}

    /// The number of items.
    public var count: Int { items.count }

    /// Adds a socket; returns its index for `revents(at:)`.
    @discardableResult
    public mutating func add(socket: ZMQSocket, events: ZMQPollEvents) -> Int {
        items.append(zmq_pollitem_t(socket: socket.handle, fd: -1, events: events.rawValue, revents: 0))
        sockets.append(socket)
        receives.append(false)
        descriptors.append(pollfd(fd: -1, events: Int16(POLLIN), revents: 0))
        answeredWithoutWaiting = true  // its descriptor is read by the next poll
        return items.count - 1
    }

    /// Adds a socket that waits for input, whose answer is found by receiving its next frame instead of asking
    /// `ZMQ_EVENTS` wherever `poll` would ask: a frame found is kept in the socket (`ZMQSocket.holdsFrame`) and
    /// returned by its next receive, before anything libzmq has, so the caller reads the same frames in the same
    /// order. A receive that finds a frame makes no system call where an ask makes two (libzmq processes its mailbox
    /// only when its pipe is empty); one that finds none costs what an ask costs and leaves the same state (every
    /// command processed, the pipe asleep, so the next message signals `ZMQ_FD`). CF's wait does the same: its
    /// `mach_msg` on the port set receives the message it reports (`__CFRunLoopServiceMachPort`), which the source1
    /// then gets. The caller must receive from the socket (a held frame nobody reads stays reported, as a message
    /// left in libzmq does). A socket already in the poller is asked for both items instead (a receive's answer says
    /// nothing about output). Returns its index for `revents(at:)`.
    @discardableResult
    package mutating func add(receivingFrom socket: ZMQSocket) -> Int {
        let earlier = sockets.firstIndex { $0 === socket }
        let index = add(socket: socket, events: .in)
        if let earlier { receives[earlier] = false } else { receives[index] = true }
        return index
    }

    /// Adds a plain file descriptor; returns its index for `revents(at:)`.
    @discardableResult
    public mutating func add(fileDescriptor: Int32, events: ZMQPollEvents) -> Int {
        items.append(zmq_pollitem_t(socket: nil, fd: fileDescriptor, events: events.rawValue, revents: 0))
        sockets.append(nil)
        receives.append(false)
        descriptors.append(pollfd(fd: fileDescriptor, events: Self.systemEvents(events), revents: 0))
        plainCount += 1
        lastPlainIndex = items.count - 1
        return items.count - 1
    }

    /// Removes every item, keeping the storage: a poller rebuilt for each wait allocates nothing once grown.
    public mutating func removeAll() {
        items.removeAll(keepingCapacity: true)
        sockets.removeAll(keepingCapacity: true)
        receives.removeAll(keepingCapacity: true)
        descriptors.removeAll(keepingCapacity: true)
        plainCount = 0
        lastPlainIndex = -1
        answeredWithoutWaiting = true
    }

    /// Changes which events item `index` waits for.
    package mutating func setEvents(_ events: ZMQPollEvents, at index: Int) {
        precondition(!receives[index], "an item polled by receiving waits for input only")
        items[index].events = events.rawValue
        if sockets[index] == nil { descriptors[index].events = Self.systemEvents(events) }
    }

    /// The events item `index` waits for.
    package func events(at index: Int) -> ZMQPollEvents { ZMQPollEvents(rawValue: items[index].events) }

    /// What item `index` was ready for in the last `poll` (empty if nothing).
    public func revents(at index: Int) -> ZMQPollEvents { ZMQPollEvents(rawValue: items[index].revents) }

    /// Waits until an item is ready or the timeout passes (-1 = forever, 0 = just check), as `zmq_poll` does.
    /// EINTR is retried with the time that is left. Returns the number of ready items (0 on timeout).
    ///
    /// The rule that makes it level-triggered without asking every socket every time: a socket's readiness
    /// changes only (1) through a command in its mailbox, which makes its `ZMQ_FD` readable until the socket
    /// processes its commands, or (2) through a call on the socket, which may process those commands itself
    /// and so swallow the fd's signal. So `ZMQ_EVENTS` is asked of a socket used since it was last asked
    /// (`openHandle` marks it) and of one whose fd is readable; any other keeps its last answer, including
    /// "ready" for a socket whose messages the caller left where they are. One call leaves the answer fresh: a
    /// non-blocking receive that found nothing (libzmq drained the mailbox to say so), for an item that waits
    /// for input only. That is the last call of every drain loop, so a busy socket costs one ask a wake-up.
    @discardableResult
    public mutating func poll(timeoutMilliseconds: Int) throws(ZMQError) -> Int {
        for index in sockets.indices where sockets[index]?.isClosed == true {
            throw ZMQError(code: ENOTSOCK, operation: "zmq_poll", detail: "item \(index) is a closed socket")
        }
        postingsAtLastPoll = ZMQSocket.inProcessPostings.load(ordering: .relaxed)
        answeredWithoutWaiting = false
        for index in items.indices {
            guard let socket = sockets[index] else { continue }
            if socket.pollDescriptor == nil { socket.pollDescriptor = try Self.descriptor(of: socket) }
            descriptors[index].fd = socket.pollDescriptor!
            if socket.pollEventsStale, !(socket.pollInputDrained && items[index].events == ZMQPollEvents.in.rawValue) {
                try refresh(index, socket)
            }
        }
        // Settled after every ask: a socket in two items may have been asked for the second, and the ask takes
        // its fd's signal, so the first must read the new answer too.
        var ready = 0
        for index in items.indices where sockets[index] != nil {
            if settle(index) { ready += 1 }
        }
        // Read only for a wait with a timeout, which an EINTR retries with the time left (issue 27: the clock was
        // read for every wait, checks and waits without end included).
        let started = timeoutMilliseconds > 0 ? Self.nowNanoseconds() : 0
        while true {
            let timeout =
                ready > 0 || timeoutMilliseconds == 0
                ? 0 : timeoutMilliseconds < 0 ? -1 : max(0, timeoutMilliseconds - Self.milliseconds(since: started))
            let woken = descriptors.withUnsafeMutableBufferPointer {
                systemPoll($0.baseAddress, nfds_t($0.count), Int32(timeout))
            }
            if woken < 0 {
                guard errno == EINTR else { throw ZMQError(code: errno, operation: "zmq_poll", detail: "poll(2)") }
                continue
            }
            ready = 0
            for index in items.indices {
                let signalled = descriptors[index].revents != 0
                if let socket = sockets[index] {
                    if signalled { try refresh(index, socket) }
                } else {
                    items[index].revents = Self.zmqEvents(descriptors[index].revents)
                    if items[index].revents != 0 { ready += 1 }
                    continue
                }
                if settle(index) { ready += 1 }
            }
            if ready > 0 { return ready }
            // Nothing ready: a signalled socket had nothing new (a command that was not a message). Wait on,
            // unless this was a check or the time is up: `poll(2)` answering 0 is its timeout passing (another
            // zero-timeout `poll(2)` after it found nothing was one system call a timer firing, issue 27).
            if timeoutMilliseconds >= 0, timeout == 0 || woken == 0 { return 0 }
        }
    }

    /// A zero-timeout `poll` answered without `poll(2)`, when that gives the same answer a `poll(2)` made at the end
    /// of the last `poll` would: nil otherwise (the caller then polls). Every item but `skipped` (a descriptor the
    /// caller answers itself, e.g. a run loop's wake-up port) must be a socket. Since the last `poll`, nothing in this
    /// process may have posted to one (`ZMQSocket.inProcessPostings` unchanged: no inproc call, no bind or close), and
    /// this has not answered already: then a socket's fd can have been signalled since only by libzmq's I/O thread,
    /// at a time no caller controls, which reads as a message that came a moment after this answer and wakes the next
    /// `poll`. A socket used since its last answer is asked, as `poll` asks it. `skipped`'s answer is empty.
    ///
    /// That ask cannot be answered from state either (issue 27 looked): after the caller received a frame, libzmq's
    /// pipe is awake, and it goes back to sleep, so that the next message signals `ZMQ_FD`, only on a read that finds
    /// it empty; every public call that makes one (`zmq_msg_recv`, `ZMQ_EVENTS`) also polls the socket's mailbox (a
    /// `getpid` and a `poll`). Answering "no input" without it would only move those two calls to the wait after it.
    ///
    /// Why: CFRunLoop polls every port with a zero timeout after a turn's source0s ran (step 5) and then sleeps in
    /// another `poll(2)` a moment later; on an app's main thread at 20 frames a second that was one of 14 system calls
    /// a frame (issue 27).
    public mutating func pollWithoutWaiting(skipping skipped: Int) throws(ZMQError) -> Int? {
        guard !answeredWithoutWaiting, plainCount == 0 || (plainCount == 1 && lastPlainIndex == skipped),
            ZMQSocket.inProcessPostings.load(ordering: .relaxed) == postingsAtLastPoll
        else { return nil }
        // A closed socket: the poll this returns to throws ENOTSOCK.
        for index in items.indices where index != skipped && sockets[index]!.isClosed { return nil }
        answeredWithoutWaiting = true
        for index in items.indices where index != skipped {
            let socket = sockets[index]!
            if socket.pollEventsStale, !(socket.pollInputDrained && items[index].events == ZMQPollEvents.in.rawValue) {
                try refresh(index, socket)
            }
        }
        var ready = 0
        for index in items.indices {
            if index == skipped {
                items[index].revents = 0
                continue
            }
            sockets[index]!.pollAnswersWithoutWaiting &+= 1
            if settle(index) { ready += 1 }
        }
        return ready
    }

    /// Item `index`'s answer from its socket's last `ZMQ_EVENTS`; true when ready.
    private mutating func settle(_ index: Int) -> Bool {
        items[index].revents = sockets[index]!.pollEvents.rawValue & items[index].events
        return items[index].revents != 0
    }

    /// Item `index`'s socket's answer made fresh: by receiving for an item added with `add(receivingFrom:)` (one that
    /// holds a frame has input, and its pending commands wait for the receive that finds its pipe empty), else by
    /// asking.
    private func refresh(_ index: Int, _ socket: ZMQSocket) throws(ZMQError) {
        guard receives[index] else { return try Self.ask(socket) }
        if socket.holdsFrame {
            socket.pollEvents.insert(.in)
            socket.pollInputDrained = true
        } else {
            try Self.receive(socket)
        }
    }

    /// One non-blocking receive into the socket's held frame, through the raw handle (not `openHandle`: the receive
    /// answers, it does not make the answer stale). A frame: input is ready. EAGAIN: libzmq processed every command
    /// and found nothing, as an ask that answers "no input" does. Either way the input answer is fresh
    /// (`pollInputDrained`) and output is not (the receive may have processed a command about it), as after a
    /// caller's receive that found nothing.
    private static func receive(_ socket: ZMQSocket) throws(ZMQError) {
        let frame: ZMQMessage
        if let held = socket.heldFrame {
            frame = held
        } else {
            frame = ZMQMessage()
            socket.heldFrame = frame
        }
        socket.pollReceives &+= 1
        if socket.postsInProcess { ZMQSocket.notePosting() }  // as `openHandle` counts any call on an inproc socket
        socket.pollEventsStale = true
        socket.pollInputDrained = true
        while zmq_msg_recv(frame.pointer, socket.handle, ZMQ_DONTWAIT) < 0 {
            let code = zmq_errno()
            if code == EINTR { continue }
            guard code == EAGAIN else { throw ZMQError(code: code, operation: "zmq_poll", detail: "zmq_msg_recv") }
            socket.pollEvents.remove(.in)
            return
        }
        socket.holdsFrame = true
        socket.pollEvents.insert(.in)
    }

    /// `ZMQ_EVENTS`, through the raw handle (not `openHandle`: asking does not make the answer stale). A frame the
    /// socket holds for its next receive is input, whatever libzmq has behind it.
    private static func ask(_ socket: ZMQSocket) throws(ZMQError) {
        var value: Int32 = 0
        var size = MemoryLayout<Int32>.size
        if zmq_getsockopt(socket.handle, ZMQ_EVENTS, &value, &size) != 0 {
            throw ZMQError(code: zmq_errno(), operation: "zmq_poll", detail: "ZMQ_EVENTS")
        }
        socket.pollEvents = ZMQPollEvents(rawValue: Int16(truncatingIfNeeded: value))
        if socket.holdsFrame { socket.pollEvents.insert(.in) }
        socket.pollEventsStale = false
        socket.pollInputDrained = false
        socket.pollAsks &+= 1
    }

    private static func descriptor(of socket: ZMQSocket) throws(ZMQError) -> Int32 {
        var value: Int32 = -1
        var size = MemoryLayout<Int32>.size
        if zmq_getsockopt(socket.handle, ZMQ_FD, &value, &size) != 0 {
            throw ZMQError(code: zmq_errno(), operation: "zmq_poll", detail: "ZMQ_FD")
        }
        return value
    }

    /// zmq_poll's mapping for plain fds, both ways.
    private static func systemEvents(_ events: ZMQPollEvents) -> Int16 {
        var out: Int16 = 0
        if events.contains(.in) { out |= Int16(POLLIN) }
        if events.contains(.out) { out |= Int16(POLLOUT) }
        if events.contains(.pri) { out |= Int16(POLLPRI) }
        return out
    }

    private static func zmqEvents(_ revents: Int16) -> Int16 {
        var out: ZMQPollEvents = []
        if revents & Int16(POLLIN) != 0 { out.insert(.in) }
        if revents & Int16(POLLOUT) != 0 { out.insert(.out) }
        if revents & Int16(POLLPRI) != 0 { out.insert(.pri) }
        if revents & ~Int16(POLLIN | POLLOUT | POLLPRI) != 0 { out.insert(.err) }
        return out.rawValue
    }

    /// Whole milliseconds elapsed since `start` (`nowNanoseconds`).
    private static func milliseconds(since start: UInt64) -> Int {
        Int((nowNanoseconds() &- start) / 1_000_000)
    }

    /// `CLOCK_MONOTONIC` in nanoseconds. Only a duration is needed here, so ZeroMQ stays free of the pipeline's
    /// modules (the pipeline's clock is RunLoopKit's `MonotonicClock`), and reads the clock as plainly as it can.
    private static func nowNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }
}

/// poll(2) (inside `ZMQPoller` the name is its own method's).
private func systemPoll(_ descriptors: UnsafeMutablePointer<pollfd>?, _ count: nfds_t, _ timeout: Int32) -> Int32 {
    poll(descriptors, count, timeout)
}

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
