import DequeModule

/// UIApplication's event queue: first in, first handled (event-delivery.md section 1, app side step 2).
/// A ring buffer (`Deque`) so steady traffic does not allocate.
public final class UIEventQueue {
    private var events: Deque<UIEvent>

    public init(capacity: Int = 16) {
        events = Deque(minimumCapacity: max(capacity, 1))
    }

    public var count: Int { events.count }
    public var isEmpty: Bool { events.isEmpty }

    public func enqueue(_ event: UIEvent) {
        events.append(event)
    }

    public func dequeue() -> UIEvent? {
        events.popFirst()
    }
}
