/// Events sent to one app and not yet acknowledged, oldest first (Android's InputDispatcher "wait queue").
/// A fixed ring: pushing and acknowledging never allocate.
package struct AckWindow: Sendable {
    package struct Entry: Equatable, Sendable {
        package var sequence: UInt64
        /// When SpringBoard sent it (monotonic ns): the ack timeout runs from here.
        package var sentAt: UInt64
        /// The HID envelope's `hardware` and `routerReceived` stamps (0 for a synthesized cancel), kept so the
        /// ack can time every hop of this event.
        var hardware: UInt64 = 0
        var routerReceived: UInt64 = 0

        package init(sequence: UInt64, sentAt: UInt64, hardware: UInt64 = 0, routerReceived: UInt64 = 0) {
            self.sequence = sequence
            self.sentAt = sentAt
            self.hardware = hardware
            self.routerReceived = routerReceived
        }
    }

    private var ring: [Entry]
    private var head = 0
    package private(set) var count = 0

    package init(capacity: Int) {
        ring = [Entry](repeating: Entry(sequence: 0, sentAt: 0), count: max(1, capacity))
    }

    var capacity: Int { ring.count }
    var isFull: Bool { count == ring.count }
    package var isEmpty: Bool { count == 0 }
    package var oldest: Entry? { count == 0 ? nil : ring[head] }

    /// Returns false when full (the caller queues the event in its outbound queue instead).
    @discardableResult
    package mutating func push(_ entry: Entry) -> Bool {
        guard count < ring.count else { return false }
        ring[slot(count)] = entry
        count += 1
        return true
    }

    @discardableResult
    package mutating func push(sequence: UInt64, sentAt: UInt64) -> Bool {
        push(Entry(sequence: sequence, sentAt: sentAt))
    }

    /// Settles every entry up to and including `sequence`, oldest first, handing each to `body`. Apps
    /// acknowledge in FIFO order, so the entries before a batch's first sequence are ones whose acks were
    /// lost (a reconnect); the caller tells them apart by sequence. Returns how many were settled; 0 (and
    /// nothing settled) when `sequence` is not waiting.
    @discardableResult
    package mutating func settle(through sequence: UInt64, _ body: (Entry) -> Void = { _ in }) -> Int {
        guard count > 0, ring[head].sequence <= sequence, ring[slot(count - 1)].sequence >= sequence else { return 0 }
        var settled = 0
        while count > 0, ring[head].sequence <= sequence {
            body(ring[head])
            head = slot(1)
            count -= 1
            settled += 1
        }
        return settled
    }

    /// The ring index `offset` entries after the oldest (offset < capacity): a compare, not a division (the
    /// capacity is any size, and `%` was a `div` per push and per settled entry on the hot path).
    @inline(__always) private func slot(_ offset: Int) -> Int {
        let index = head + offset
        return index >= ring.count ? index - ring.count : index
    }

    /// The single-ack form: settles through `sequence` and returns its entry (nil when not waiting).
    package mutating func acknowledge(_ sequence: UInt64) -> Entry? {
        var last: Entry?
        settle(through: sequence) { last = $0 }
        return last?.sequence == sequence ? last : nil
    }

    mutating func removeAll() {
        head = 0
        count = 0
    }
}
