import HIDEvent

/// Events waiting to be sent to one app (its ack window is full, or its socket pushed back). Kept to
/// `capacity` events by springboard (it stops reading the event port there); moves of a finger are coalesced into the last queued move (the newest frame is what gets sent,
/// the older ones travel with it as samples), so a slow app receives fewer, fuller events and nothing is
/// lost. The slots' byte buffers are kept across uses: after warm-up queuing copies bytes but allocates
/// nothing. This is the slow path; an app that keeps up never sees its events copied.
///
/// What an idle slot keeps is bounded (`keptBytesPerBuffer`), and a ring grown past `capacity` shrinks back
/// when it empties: without that every slot kept the largest history that ever passed through it (up to
/// `coalesceLimit` samples, ~256 KB), and springboard's heap crept up for as long as it ran (issue 24's soak:
/// these buffers were 2.2 of the 3.4 MB still held at the end, and still growing).
package struct OutboundQueue: Sendable {
    struct Entry: Sendable {
        /// The HID message to send (the newest sample).
        var bytes: [UInt8] = []
        /// Older samples coalesced into this entry, oldest first: whole HID messages, back to back.
        var history: [UInt8] = []
        var historyCount = 0
        var synthesized = false
        /// Only position changes (no finger began or ended): the kind of event that may be coalesced.
        var isMoveOnly = false

        /// Routed frames this entry holds (a synthesized cancel holds none).
        var samples: UInt64 { synthesized ? 0 : UInt64(1 + historyCount) }
    }

    /// What `popFirst` hands out besides the bytes.
    package struct Flags: Equatable, Sendable {
        var synthesized: Bool
        var isMoveOnly: Bool
        package var historyCount: Int

        package init(synthesized: Bool, isMoveOnly: Bool, historyCount: Int) {
            self.synthesized = synthesized
            self.isMoveOnly = isMoveOnly
            self.historyCount = historyCount
        }
    }

    private var ring: [Entry]
    private var head = 0
    /// The most capacity an idle slot's buffer keeps for reuse: a frame or a history of a few samples (a
    /// one-finger move is 256 bytes). A larger buffer is released when its entry leaves the queue.
    package static let keptBytesPerBuffer = 2048
    package private(set) var count = 0
    /// Routed frames held by the queued entries (coalesced samples included).
    package private(set) var samples: UInt64 = 0

    package init(capacity: Int) {
        self.capacity = max(1, capacity)
        ring = [Entry](repeating: Entry(), count: self.capacity)
    }

    /// The bound springboard keeps the queue to (by pausing the event port); the ring may be larger.
    package let capacity: Int
    package var isEmpty: Bool { count == 0 }
    package var isFull: Bool { count >= capacity }

    /// Copies `bytes` into the next slot. Past `capacity` (what springboard already read when it stopped
    /// reading, or a cancel it made) the ring grows: nothing routed is ever refused.
    package mutating func push(_ bytes: UnsafeRawBufferPointer, synthesized: Bool, isMoveOnly: Bool) {
        if count == ring.count { grow() }
        let index = (head + count) % ring.count
        ring[index].bytes.removeAll(keepingCapacity: true)
        ring[index].bytes.append(contentsOf: bytes)
        ring[index].history.removeAll(keepingCapacity: true)
        ring[index].historyCount = 0
        ring[index].synthesized = synthesized
        ring[index].isMoveOnly = isMoveOnly
        count += 1
        samples += ring[index].samples
    }

    /// Doubles the ring, keeping order (the oldest entry moves to slot 0).
    private mutating func grow() {
        var larger = [Entry](repeating: Entry(), count: Swift.max(1, ring.count * 2))
        for i in 0..<count { swap(&larger[i], &ring[(head + i) % ring.count]) }
        ring = larger
        head = 0
    }

    /// Folds the move-only frame `newer` into the last queued entry when that entry is a move of the same
    /// fingers from the same sender holding fewer than `limit` samples: the entry's frame becomes a sample
    /// and `newer` (its phases merged with the old frame's) the frame to send. Returns false, changing
    /// nothing, when it cannot.
    package mutating func coalesce(_ newer: UnsafeMutableRawBufferPointer, limit: Int) -> Bool {
        guard count > 0 else { return false }
        let last = (head + count - 1) % ring.count
        guard ring[last].isMoveOnly, !ring[last].synthesized, ring[last].historyCount + 1 < limit else { return false }
        let merged = ring[last].bytes.withUnsafeBytes { old -> Bool in
            guard let older = try? HIDMessageView(validating: old),
                let incoming = try? HIDMessageView(validating: UnsafeRawBufferPointer(newer)),
                older.canCoalesce(with: incoming)
            else { return false }
            HIDMessageView.carryPhases(from: older, into: newer)
            return true
        }
        guard merged else { return false }
        ring[last].history.append(contentsOf: ring[last].bytes)
        ring[last].historyCount += 1
        ring[last].bytes.removeAll(keepingCapacity: true)
        ring[last].bytes.append(contentsOf: UnsafeRawBufferPointer(newer))
        samples += 1
        return true
    }

    /// Takes the oldest entry out, swapping its buffers with `buffer` and `history` (the buffers circulate,
    /// nothing is allocated). Returns its flags, or nil when empty.
    package mutating func popFirst(swappingInto buffer: inout [UInt8], history: inout [UInt8]) -> Flags? {
        guard count > 0 else { return nil }
        swap(&buffer, &ring[head].bytes)
        swap(&history, &ring[head].history)
        let flags = Flags(
            synthesized: ring[head].synthesized, isMoveOnly: ring[head].isMoveOnly,
            historyCount: ring[head].historyCount)
        samples -= ring[head].samples
        Self.trim(&ring[head])
        head = (head + 1) % ring.count
        count -= 1
        if count == 0 { shrinkIfGrown() }
        return flags
    }

    /// An idle slot keeps its buffers for reuse only up to `keptBytesPerBuffer` each.
    private static func trim(_ buffer: inout [UInt8]) {
        if buffer.capacity > keptBytesPerBuffer { buffer = [] }
    }

    private static func trim(_ entry: inout Entry) {
        Self.trim(&entry.bytes)
        Self.trim(&entry.history)
    }

    /// An empty ring that grew past `capacity` goes back to `capacity` slots (the extra ones and their buffers
    /// are released).
    private mutating func shrinkIfGrown() {
        guard count == 0, ring.count > capacity else { return }
        ring.removeLast(ring.count - capacity)
        head = 0
    }

    /// Bytes the ring's buffers hold (queued entries' and idle slots' capacity): at most `slots × 2 ×
    /// keptBytesPerBuffer` when the queue is empty.
    package var retainedBytes: Int { ring.reduce(0) { $0 + $1.bytes.capacity + $1.history.capacity } }

    /// Slots in the ring (`capacity`, more while the queue is past its bound).
    package var slots: Int { ring.count }

    /// Puts an entry taken by `popFirst` back in front (its send would have blocked).
    package mutating func pushFront(swappingFrom buffer: inout [UInt8], history: inout [UInt8], flags: Flags) {
        if count == ring.count { grow() }
        head = (head + ring.count - 1) % ring.count
        swap(&buffer, &ring[head].bytes)
        swap(&history, &ring[head].history)
        ring[head].historyCount = flags.historyCount
        ring[head].synthesized = flags.synthesized
        ring[head].isMoveOnly = flags.isMoveOnly
        count += 1
        samples += ring[head].samples
    }

    /// Empties the queue; returns the routed frames it held (for the drop counters).
    @discardableResult
    package mutating func removeAll() -> UInt64 {
        let dropped = samples
        for i in 0..<count { Self.trim(&ring[(head + i) % ring.count]) }
        head = 0
        count = 0
        samples = 0
        shrinkIfGrown()
        return dropped
    }
}
