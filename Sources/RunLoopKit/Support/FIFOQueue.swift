/// A growable ring buffer: O(1) append and removeFirst, no allocation once it has grown to the
/// working-set size, and a removed element is released at once.
struct FIFOQueue<Element> {
    private var storage: ContiguousArray<Element?> = []
    private var head = 0
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    mutating func append(_ element: Element) {
        if count == storage.count { grow() }
        storage[(head + count) & (storage.count - 1)] = element
        count += 1
    }

    mutating func removeFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = storage[head]
        storage[head] = nil
        head = (head + 1) & (storage.count - 1)
        count -= 1
        return element
    }

    /// Doubles the power-of-two capacity, unwrapping the ring so that `head` is 0 again.
    private mutating func grow() {
        let newCapacity = Swift.max(16, storage.count * 2)
        var grown = ContiguousArray<Element?>(repeating: nil, count: newCapacity)
        for index in 0..<count {
            grown[index] = storage[(head + index) & (storage.count - 1)]
        }
        storage = grown
        head = 0
    }
}
