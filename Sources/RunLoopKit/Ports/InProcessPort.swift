import DequeModule
import Glibc
import Synchronization

/// A thread-safe FIFO whose eventfd is readable exactly while elements remain: a source1 port for
/// values that never leave the process (the headless runner feeds HID frames through it, down the
/// same source1 path a ZeroMQ socket takes).
///
/// ```swift
/// let frames = try InProcessPort<HIDMessage>()
/// loop.add(RunLoopSource1(port: frames.port, name: "hid") {
///     while let frame = frames.receive() { handle(frame) }
/// }, mode: .common)
/// frames.send(frame)          // any thread; wakes the loop
/// ```
///
/// Level-triggered like the loop's other ports: a callout that receives only some of the elements is
/// called again in a later turn. Keep the port alive while a source uses it (the descriptor closes
/// in `deinit`). Elements cross threads, so they are Sendable.
public final class InProcessPort<Element: Sendable>: Sendable {
    /// A ring buffer: O(1) at both ends, no allocation once grown to the working set.
    private let queue = Mutex(Deque<Element>())
    private let eventFD: EventFD

    /// An empty queue and its wake-up descriptor; fails only when the process has no descriptors left.
    public init() throws(RunLoopSystemError) {
        eventFD = try EventFD.open()
    }

    deinit {
        eventFD.close()
    }

    /// The port to give a `RunLoopSource1`.
    public var port: RunLoopPort { .fileDescriptor(eventFD.descriptor) }

    /// Appends `element`; any thread. The eventfd is written only when the queue was empty, and the
    /// queue and eventfd change under one lock, so "readable" and "non-empty" never disagree.
    public func send(_ element: Element) {
        queue.withLock { queue in
            if queue.isEmpty { eventFD.signal() }
            queue.append(element)
        }
    }

    /// The oldest element, or nil when empty; any thread. Taking the last one drains the eventfd.
    public func receive() -> Element? {
        queue.withLock { queue in
            let element = queue.popFirst()
            if element != nil && queue.isEmpty { eventFD.drain() }
            return element
        }
    }

    /// Elements waiting to be received.
    package var count: Int { queue.withLock { $0.count } }
}

/// The loop's wake-up port (CF `_wakeUpPort`; an eventfd, as in CoreFoundation on Linux). It is in
/// every wait, so writing it from any thread ends the loop's sleep; the loop drains it on waking.
final class WakeUpPort: Sendable {
    private let eventFD: EventFD
    /// Set before the eventfd is written and cleared before it is read: false means no `signal()` reached the
    /// eventfd since the last `drain()` (one racing with this read counts as coming just after it), so step 5's
    /// poll can answer this port without `poll(2)`.
    private let signalled = Atomic<Bool>(false)

    /// CF halts when it cannot create the wake-up port (`__CFRunLoopCreate`): a loop that cannot be
    /// woken is unusable, and this only fails when the process is out of descriptors.
    init() {
        do {
            eventFD = try EventFD.open()
        } catch {
            fatalError("EventRunLoop cannot create its wake-up port: \(error)")
        }
    }

    deinit {
        eventFD.close()
    }

    var descriptor: Int32 { eventFD.descriptor }

    /// Any thread.
    func signal() {
        signalled.store(true, ordering: .sequentiallyConsistent)
        eventFD.signal()
    }

    func drain() {
        signalled.store(false, ordering: .sequentiallyConsistent)
        eventFD.drain()
    }

    /// A `signal()` may have written the eventfd since the last `drain()`.
    var isSignalled: Bool { signalled.load(ordering: .sequentiallyConsistent) }
}

/// A non-blocking Linux eventfd: readable while its counter is non-zero.
///
/// Glibc's Swift module map does not include `<sys/eventfd.h>`, so the libc symbol is resolved
/// once with `dlsym` and called with the C calling convention.
struct EventFD {
    let descriptor: Int32

    private typealias Create = @convention(c) (UInt32, Int32) -> Int32
    private static let create: Create? = dlsym(nil, "eventfd").map { unsafeBitCast($0, to: Create.self) }

    /// Opens an eventfd with counter 0, `EFD_NONBLOCK | EFD_CLOEXEC` (equal to `O_NONBLOCK | O_CLOEXEC`).
    static func open() throws(RunLoopSystemError) -> EventFD {
        guard let create = Self.create else {
            throw RunLoopSystemError(operation: "dlsym(eventfd)", code: ENOSYS, message: "libc has no eventfd")
        }
        let fd = create(0, O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw RunLoopSystemError.lastErrno("eventfd") }
        return EventFD(descriptor: fd)
    }

    /// Adds 1 to the counter, making the descriptor readable. A saturated counter (EAGAIN) is
    /// already readable, so that is not an error.
    func signal() {
        var one: UInt64 = 1
        while write(descriptor, &one, 8) < 0 && errno == EINTR {}
    }

    /// Resets the counter to 0 (one read does it in non-semaphore mode); EAGAIN means already 0.
    func drain() {
        var value: UInt64 = 0
        while read(descriptor, &value, 8) < 0 && errno == EINTR {}
    }

    func close() {
        _ = Glibc.close(descriptor)
    }
}
