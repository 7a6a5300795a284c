import DequeModule
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
