/// Events waiting to be sent to one app (its ack window is full, or its socket pushed back). Bounded: the
/// slots are byte buffers kept across uses, so after warm-up queuing copies bytes but allocates nothing.
/// This is the slow path; an app that keeps up never sees its events copied.
public struct OutboundQueue: Sendable {
    public struct Entry: Sendable {
        public var bytes: [UInt8] = []
        public var synthesized = false
        /// Only position changes (no finger began or ended): the kind of event Android may coalesce.
        public var isMoveOnly = false
    }

    private var ring: [Entry]
    private var head = 0
    public private(set) var count = 0

    public init(capacity: Int) {
        ring = [Entry](repeating: Entry(), count: max(1, capacity))
    }

    public var capacity: Int { ring.count }
    public var isEmpty: Bool { count == 0 }
    public var isFull: Bool { count == ring.count }

    /// Copies `bytes` into the next slot. Returns false when full.
    @discardableResult
    public mutating func push(_ bytes: UnsafeRawBufferPointer, synthesized: Bool, isMoveOnly: Bool) -> Bool {
        guard count < ring.count else { return false }
        let index = (head + count) % ring.count
        ring[index].bytes.removeAll(keepingCapacity: true)
        ring[index].bytes.append(contentsOf: bytes)
        ring[index].synthesized = synthesized
        ring[index].isMoveOnly = isMoveOnly
        count += 1
        return true
    }

    /// Makes room by dropping the oldest move-only entry (downs and ups are never dropped, as Android).
    /// Returns false when every queued entry is a down, up or cancel.
    public mutating func evictOldestMove() -> Bool {
        for offset in 0..<count where ring[(head + offset) % ring.count].isMoveOnly {
            // Shift the entries before it one slot forward, keeping order; swap keeps the buffers.
            var i = offset
            while i > 0 {
                ring.swapAt((head + i) % ring.count, (head + i - 1) % ring.count)
                i -= 1
            }
            head = (head + 1) % ring.count
            count -= 1
            return true
        }
        return false
    }

    /// The oldest entry, read in place.
    public func withFirst<R>(_ body: (Entry) throws -> R) rethrows -> R? {
        guard count > 0 else { return nil }
        return try body(ring[head])
    }

    /// Takes the oldest entry out, swapping its buffer with `buffer` (the buffers circulate, nothing is
    /// allocated). Returns its flags, or nil when empty.
    public mutating func popFirst(swappingInto buffer: inout [UInt8]) -> (synthesized: Bool, isMoveOnly: Bool)? {
        guard count > 0 else { return nil }
        swap(&buffer, &ring[head].bytes)
        let flags = (ring[head].synthesized, ring[head].isMoveOnly)
        head = (head + 1) % ring.count
        count -= 1
        return flags
    }

    /// Puts an entry taken by `popFirst` back in front (its send would have blocked).
    public mutating func pushFront(swappingFrom buffer: inout [UInt8], synthesized: Bool, isMoveOnly: Bool) {
        guard count < ring.count else { return }
        head = (head + ring.count - 1) % ring.count
        swap(&buffer, &ring[head].bytes)
        ring[head].synthesized = synthesized
        ring[head].isMoveOnly = isMoveOnly
        count += 1
    }

    public mutating func removeFirst() {
        guard count > 0 else { return }
        head = (head + 1) % ring.count
        count -= 1
    }

    public mutating func removeAll() {
        head = 0
        count = 0
    }
}
