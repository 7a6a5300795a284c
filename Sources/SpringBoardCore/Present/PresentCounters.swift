import ControlProtocol
import Histogram

/// One app's display counters, from its `frames` messages (protocols/app-channel.md) and its acks; summed over
/// apps for `stats` like the rest of `AppCounters`. They add up:
/// `eventsTracked = eventsPresented + eventsOverwritten + eventsAbandoned + awaiting` (protocols/control.md),
/// where `awaiting` is the app's `PresentRing` now.
package struct PresentCounters: Sendable {
    /// Frames the app presented (`frames` messages, those of one frame split over several counted once).
    package var framesPresented: UInt64 = 0
    /// The sum of their `missed`: vsyncs at which the app had a frame due and did not present one in time.
    package var framesMissed: UInt64 = 0
    /// Acknowledged events kept for the frame that presents them.
    package var eventsTracked: UInt64 = 0
    /// Of those, presented: a `frames` named them.
    package var eventsPresented: UInt64 = 0
    /// Still waiting when a newer event took their ring slot (no frame came for them in time, or the app sends
    /// no `frames` at all).
    package var eventsOverwritten: UInt64 = 0
    /// Still waiting when the app's session ended (death, re-registration).
    package var eventsAbandoned: UInt64 = 0
    /// Sequences a `frames` named that were not waiting (not acknowledged yet, overwritten, presented already).
    package var sequencesUnknown: UInt64 = 0
    /// `frames` messages refused (`error malformed`): bad length or field, times out of order.
    package var framesMalformed: UInt64 = 0
    /// Samples that reached the app in acknowledged moves (each move's own frame and its coalesced samples),
    /// and the moves the app dispatched (acknowledged and not coalesced into a later event by its UIKit): their
    /// ratio is the samples per delivered `touchesMoved`.
    package var moveSamples: UInt64 = 0
    package var movesDispatched: UInt64 = 0
    /// The HID `hardware` stamp → the vsync that put the first frame showing the event on screen, by kind.
    package var touchToPresent = TouchToPresent()

    package init() {}

    mutating func add(_ other: PresentCounters) {
        framesPresented &+= other.framesPresented
        framesMissed &+= other.framesMissed
        eventsTracked &+= other.eventsTracked
        eventsPresented &+= other.eventsPresented
        eventsOverwritten &+= other.eventsOverwritten
        eventsAbandoned &+= other.eventsAbandoned
        sequencesUnknown &+= other.sequencesUnknown
        framesMalformed &+= other.framesMalformed
        moveSamples &+= other.moveSamples
        movesDispatched &+= other.movesDispatched
        touchToPresent.add(other.touchToPresent)
    }

    /// The `stats` form, with `awaiting` events still in the app's ring (the sum of the rings for all apps) and
    /// the app's refresh rate (nil for all apps).
    func info(awaiting: Int, refreshHz: UInt32?) -> PresentStats {
        PresentStats(
            framesPresented: framesPresented, framesMissed: framesMissed, eventsTracked: eventsTracked,
            eventsPresented: eventsPresented, eventsOverwritten: eventsOverwritten, eventsAbandoned: eventsAbandoned,
            awaiting: UInt64(awaiting), sequencesUnknown: sequencesUnknown, framesMalformed: framesMalformed,
            moveSamples: moveSamples, movesDispatched: movesDispatched, refreshHz: refreshHz,
            touchToPresent: touchToPresent.summaries())
    }
}

/// Touch-to-present latency by kind (down, move, up), each an HdrHistogram of nanoseconds like `HopLatencies`'
/// (2 significant digits, up to 60 s), with its exact sum for the mean.
package struct TouchToPresent: Sendable {
    /// The kinds measured, in order; `stats` names them `down`, `move`, `up` (histograms: `touchToPresentDown`...).
    static let kinds: [DeliveredKind] = [.down, .move, .up]
    private var histograms: [Histogram<UInt64>]
    private var sums: [UInt64]

    package init() {
        let empty = Histogram<UInt64>(
            lowestDiscernibleValue: 1, highestTrackableValue: HopLatencies.highest, numberOfSignificantValueDigits: .two)
        histograms = Array(repeating: empty, count: Self.kinds.count)
        sums = Array(repeating: 0, count: Self.kinds.count)
    }

    @inline(__always) private static func index(_ kind: DeliveredKind) -> Int? {
        switch kind {
        case .down: return 0
        case .move: return 1
        case .up: return 2
        case .other, .cancel: return nil
        }
    }

    /// Records `presented - hardware` for a down, move or up (a missing stamp or a negative span records nothing).
    @inline(__always) package mutating func record(_ kind: DeliveredKind, hardware: UInt64, presented: UInt64) {
        guard let i = Self.index(kind), hardware != 0, presented >= hardware else { return }
        let value = Swift.min(presented - hardware, HopLatencies.highest)
        _ = histograms[i].record(value)
        sums[i] &+= value
    }

    package subscript(_ kind: DeliveredKind) -> Histogram<UInt64>? { Self.index(kind).map { histograms[$0] } }

    mutating func add(_ other: TouchToPresent) {
        for i in histograms.indices where other.histograms[i].totalCount > 0 {
            histograms[i].add(other.histograms[i])
            sums[i] &+= other.sums[i]
        }
    }

    /// The kinds with samples, by name (`down`, `move`, `up`).
    func summaries() -> [String: LatencySummary] {
        var out: [String: LatencySummary] = [:]
        for (i, kind) in Self.kinds.enumerated() where histograms[i].totalCount > 0 {
            out[kind.name] = LatencySummary(nanoseconds: histograms[i], sumNanoseconds: sums[i])
        }
        return out
    }

    /// Every kind's histogram under its `stats` `histograms` name.
    func byName() -> [String: Histogram<UInt64>] {
        var out: [String: Histogram<UInt64>] = [:]
        for (i, kind) in Self.kinds.enumerated() { out[PresentStats.histogramName(kind.name)] = histograms[i] }
        return out
    }
}
