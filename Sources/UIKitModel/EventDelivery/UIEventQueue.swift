/// UIApplication's event queue: first in, first handled (event-delivery.md section 1, app side step 2).
/// A ring buffer so steady traffic does not allocate.
public final class UIEventQueue {
    private var storage: [UIEvent?]
    private var head = 0
    public private(set) var count = 0

    public init(capacity: Int = 16) {
        storage = Array(repeating: nil, count: max(capacity, 1))
    }

    public var isEmpty: Bool { count == 0 }

    public func enqueue(_ event: UIEvent) {
        if count == storage.count { grow() }
        storage[(head + count) % storage.count] = event
        count += 1
    }

    public func dequeue() -> UIEvent? {
        guard count > 0 else { return nil }
        let event = storage[head]
        storage[head] = nil
        head = (head + 1) % storage.count
        count -= 1
        return event
    }

    private func grow() {
        var bigger = [UIEvent?](repeating: nil, count: storage.count * 2)
        for i in 0..<count { bigger[i] = storage[(head + i) % storage.count] }
        storage = bigger
        head = 0
    }
}
