import DequeModule

/// UIApplication's event queue: first in, first handled (event-delivery.md section 1, app side step 2).
/// A ring buffer (`Deque`) so steady traffic does not allocate.
final class UIEventQueue {
    private var events: Deque<UIEvent>

    init(capacity: Int = 16) {
        events = Deque(minimumCapacity: max(capacity, 1))
    }

    var count: Int { events.count }
    var isEmpty: Bool { events.isEmpty }

    func enqueue(_ event: UIEvent) {
        events.append(event)
    }

    func dequeue() -> UIEvent? {
        events.popFirst()
    }
}
