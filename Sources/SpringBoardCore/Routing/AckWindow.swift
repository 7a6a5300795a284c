/// Events sent to one app and not yet acknowledged, oldest first (Android's InputDispatcher "wait queue").
/// A fixed ring: pushing and acknowledging never allocate.
public struct AckWindow: Sendable {
    public struct Entry: Equatable, Sendable {
        public var sequence: UInt64
        /// When SpringBoard sent it (monotonic ns): the ack timeout runs from here.
        public var sentAt: UInt64
        /// The HID envelope's `hardware` and `routerReceived` stamps (0 for a synthesized cancel), kept so the
        /// ack can time every hop of this event.
        public var hardware: UInt64 = 0
        public var routerReceived: UInt64 = 0

        public init(sequence: UInt64, sentAt: UInt64, hardware: UInt64 = 0, routerReceived: UInt64 = 0) {
            self.sequence = sequence
            self.sentAt = sentAt
            self.hardware = hardware
            self.routerReceived = routerReceived
        }
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
    public mutating func push(_ entry: Entry) -> Bool {
        guard count < ring.count else { return false }
        ring[(head + count) % ring.count] = entry
        count += 1
        return true
    }

    @discardableResult
    public mutating func push(sequence: UInt64, sentAt: UInt64) -> Bool {
        push(Entry(sequence: sequence, sentAt: sentAt))
    }

    /// Settles every entry up to and including `sequence`, oldest first, handing each to `body`. Apps
    /// acknowledge in FIFO order, so the entries before a batch's first sequence are ones whose acks were
    /// lost (a reconnect); the caller tells them apart by sequence. Returns how many were settled; 0 (and
    /// nothing settled) when `sequence` is not waiting.
    @discardableResult
    public mutating func settle(through sequence: UInt64, _ body: (Entry) -> Void = { _ in }) -> Int {
        guard count > 0, ring[head].sequence <= sequence,
              ring[(head + count - 1) % ring.count].sequence >= sequence else { return 0 }
        var settled = 0
        while count > 0, ring[head].sequence <= sequence {
            body(ring[head])
            head = (head + 1) % ring.count
            count -= 1
            settled += 1
        }
        return settled
    }

    /// The single-ack form: settles through `sequence` and returns its entry (nil when not waiting).
    public mutating func acknowledge(_ sequence: UInt64) -> Entry? {
        var last: Entry?
        settle(through: sequence) { last = $0 }
        return last?.sequence == sequence ? last : nil
    }

    public mutating func removeAll() {
        head = 0
        count = 0
    }
}
