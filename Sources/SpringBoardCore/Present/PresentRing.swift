import HIDEvent

/// What a delivered event was, for touch-to-present (split like Android's input metrics, which keep DOWN and
/// MOVE apart): a digitizer frame in which a finger was cancelled is a cancel, else one in which a finger
/// began is a down, else one in which a finger lifted is an up, else a move. Buttons and motion are `other`.
package enum DeliveredKind: UInt8, Sendable, CaseIterable {
    case other = 0
    case down
    case move
    case up
    case cancel

    /// The kind of a frame whose fingers' phases, OR-ed together, are `phases` (a frame where one finger lands
    /// while another lifts is a down: the landing is what a user waits to see).
    @inline(__always) init(digitizerPhases phases: HIDDigitizerPhase) {
        if phases.contains(.cancelled) {
            self = .cancel
        } else if phases.contains(.began) {
            self = .down
        } else if phases.contains(.ended) {
            self = .up
        } else {
            self = .move
        }
    }

    var name: String {
        switch self {
        case .other: return "other"
        case .down: return "down"
        case .move: return "move"
        case .up: return "up"
        case .cancel: return "cancel"
        }
    }
}

/// One app's acknowledged events waiting for the `frames` message that presents them (protocols/app-channel.md,
/// `frames`): a fixed ring indexed by delivery sequence (a session's sequences are consecutive), so an ack adds
/// an entry with a few stores and a `frames` finds each of its events with one index, never allocating after
/// the first ack. An app presents an event 1–3 frames after acknowledging it; the ring holds `capacity` events
/// (above the default ack window of 4096 plus what a few frames at the highest rates acknowledge), and an entry
/// still waiting when a newer sequence needs its slot is counted `eventsOverwritten`.
package struct PresentRing: Sendable {
    package struct Entry: Equatable, Sendable {
        /// 0: the slot is empty (never used, presented, or cleared).
        package var sequence: UInt64
        /// The HID envelope's `hardware` stamp (0 for springboard's own cancels).
        package var hardware: UInt64
        package var kind: DeliveredKind
        /// The event's record in the ensemble trace while one is recorded (`EnsembleTraceRecorder.none` otherwise).
        package var traceIndex: UInt32
    }

    /// Why a sequence a `frames` message names is not waiting here.
    package enum Miss: String, Sendable {
        /// Newer than any acknowledged event of this session.
        case notAcknowledged
        /// Its slot went to a newer event before the frame came (counted once in `eventsOverwritten`).
        case overwritten
        /// Presented by an earlier frame already.
        case alreadyPresented
    }

    /// 16,384 events (384 KiB, made at an app's first ack): the default ack window (4096) in flight plus three
    /// frames' acks at 1 kHz × 10 fingers and more.
    package static let defaultCapacity = 16_384

    private var slots: [Entry] = []
    private let mask: Int
    /// Events waiting for their frame.
    package private(set) var awaiting = 0
    /// The newest sequence added (0: none this session).
    package private(set) var newest: UInt64 = 0

    /// `capacity` is rounded up to a power of two (at least 2).
    package init(capacity: Int) {
        var size = 2
        while size < capacity { size <<= 1 }
        mask = size - 1
    }

    package var capacity: Int { mask + 1 }

    /// Adds an acknowledged event; returns true when it overwrote one still waiting (never presented).
    @inline(__always) package mutating func add(_ entry: Entry) -> Bool {
        // The slots are made on the first ack, not with the record: an app that never receives an event costs
        // nothing.
        if slots.isEmpty {
            slots = [Entry](repeating: Entry(sequence: 0, hardware: 0, kind: .other, traceIndex: 0), count: mask + 1)
        }
        let slot = Int(truncatingIfNeeded: entry.sequence) & mask
        let overwritten = slots[slot].sequence != 0
        if !overwritten { awaiting += 1 }
        slots[slot] = entry
        newest = Swift.max(newest, entry.sequence)
        return overwritten
    }

    /// Takes the waiting event `sequence` out of the ring, or says why it is not there.
    @inline(__always) package mutating func take(_ sequence: UInt64) -> Result<Entry, MissError> {
        let slot = Int(truncatingIfNeeded: sequence) & mask
        if !slots.isEmpty, sequence != 0, slots[slot].sequence == sequence {
            let entry = slots[slot]
            slots[slot].sequence = 0
            awaiting -= 1
            return .success(entry)
        }
        if sequence == 0 || sequence > newest { return .failure(MissError(miss: .notAcknowledged)) }
        if newest - sequence >= UInt64(mask + 1) { return .failure(MissError(miss: .overwritten)) }
        return .failure(MissError(miss: .alreadyPresented))
    }

    /// The session ended (death, re-registration): returns how many events were still waiting, now dropped.
    @discardableResult
    package mutating func removeAll() -> Int {
        let dropped = awaiting
        if awaiting > 0 {
            for i in slots.indices { slots[i].sequence = 0 }
        }
        awaiting = 0
        newest = 0
        return dropped
    }
}

/// `PresentRing.take`'s failure (a `Result` needs an `Error`).
package struct MissError: Error, Equatable, Sendable {
    package var miss: PresentRing.Miss
}
