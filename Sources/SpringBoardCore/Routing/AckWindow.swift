/// Events sent to one app and not yet acknowledged, oldest first (Android's InputDispatcher "wait queue").
/// A fixed ring: pushing and acknowledging never allocate.
public struct AckWindow: Sendable {
    public struct Entry: Equatable, Sendable {
        public var sequence: UInt64
        /// When SpringBoard sent it (monotonic ns): the ack timeout runs from here.
        public var sentAt: UInt64
    }

    private var ring: [Entry]
    private var head = 0
    public private(set) var count = 0

    public init(capacity: Int) {
        ring = [Entry](repeating: Entry(sequence: 0, sentAt: 0), count: max(1, capacity))
    }

    public var capacity: Int { ring.count }
    public var isFull: Bool { count == ring.count }
    public var isEmpty: Bool { count == 0 }
    public var oldest: Entry? { count == 0 ? nil : ring[head] }

    /// Returns false when full (the caller queues the event in its outbound queue instead).
    @discardableResult
    public mutating func push(sequence: UInt64, sentAt: UInt64) -> Bool {
        guard count < ring.count else { return false }
        ring[(head + count) % ring.count] = Entry(sequence: sequence, sentAt: sentAt)
        count += 1
        return true
    }

    /// Removes the entry for `sequence`. Apps handle events in FIFO order, so it is normally the oldest;
    /// an ack for a later sequence also settles every older one (their acks were lost with a reconnect).
    /// Returns the entry, or nil when `sequence` is not waiting.
    public mutating func acknowledge(_ sequence: UInt64) -> Entry? {
        var scanned = 0
        while scanned < count {
            let entry = ring[(head + scanned) % ring.count]
            if entry.sequence == sequence {
                let drop = scanned + 1
                head = (head + drop) % ring.count
                count -= drop
                return entry
            }
            if entry.sequence > sequence { return nil }
            scanned += 1
        }
        return nil
    }

    public mutating func removeAll() {
        head = 0
        count = 0
    }
}
