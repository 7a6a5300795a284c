import Foundation

/// The recent samples of a gesture's value (a centroid, a scale, an angle), for velocities over a short window
/// of samples rather than the last step alone (UIKit smooths a gesture's velocity over its recent touch
/// samples).
///
/// The lift: a real panel sends it as a frame of its own a few milliseconds after the last move, usually with
/// no movement. UIKit's `.ended` still reports the flick's velocity, so a lift that moves nothing within
/// `GestureConstants.liftGrace` of the last sample is not a sample; a later one (the finger rested, then
/// lifted) is, and the velocity falls to what the rest says.
struct GestureMotionHistory<Value: Equatable> {
    /// The samples, oldest first, from `head` on; those before `head` have left the window and wait to be
    /// compacted away (dropping the oldest sample on every record moved the rest down each time: issue 27,
    /// about 75 instructions a move).
    private var storage: [GestureMotionSample<Value>] = []
    private var head = 0

    var last: GestureMotionSample<Value>? { head < storage.count ? storage[storage.count - 1] : nil }

    /// Records `value` at `time` and returns the sample the velocity is measured from: the oldest within
    /// `GestureConstants.velocityWindow` before `time`, else the one just before (a slow sender); nil when
    /// there is none earlier than `time`, or when `isLift` and the lift is not a sample (see above).
    mutating func record(_ value: Value, at time: UInt64, isLift: Bool = false) -> GestureMotionSample<Value>? {
        if isLift, let last, last.value == value,
            time <= last.time + GestureConstants.nanoseconds(GestureConstants.liftGrace)
        {
            return nil
        }
        let window = GestureConstants.nanoseconds(GestureConstants.velocityWindow)
        let start = time > window ? time - window : 0
        if ordered, let last, last.time <= time { return recordInOrder(value, at: time, start: start) }
        if let last, time < last.time { ordered = false }
        // The first earlier sample inside the window, else the last earlier one: one pass, no copy (this
        // runs for every move of every recognizer that measures a velocity). The same pass counts the samples
        // that leave the window: on a monotonic clock they are the oldest ones.
        var inWindow: GestureMotionSample<Value>?
        var lastEarlier: GestureMotionSample<Value>?
        var leaving = 0
        var leavingAreOldest = true
        for index in head..<storage.count {
            let sample = storage[index]
            if sample.time < time {
                if inWindow == nil, sample.time >= start { inWindow = sample }
                lastEarlier = sample
            }
            if sample.time < start {
                if leaving == index - head { leaving += 1 } else { leavingAreOldest = false }
            }
        }
        let anchor = inWindow ?? lastEarlier
        append(value, at: time)
        if leavingAreOldest {
            head += leaving
        } else {
            storage.removeSubrange(0..<head)
            head = 0
            storage.removeAll { $0.time < start }
        }
        return anchor
    }

    mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
        head = 0
        ordered = true
    }

    /// `record` when the kept samples are in time order and none is later than `time` (a monotonic clock, the
    /// usual case): those that leave the window are the first ones, the anchor is the next one if it is earlier
    /// than `time`, else the last one leaving. Found without looking past the anchor (issue 27: the full pass
    /// was about 200 instructions a pan's move).
    private mutating func recordInOrder(_ value: Value, at time: UInt64, start: UInt64) -> GestureMotionSample<Value>? {
        var first = head
        while first < storage.count, storage[first].time < start { first += 1 }
        let anchor: GestureMotionSample<Value>?
        if first < storage.count, storage[first].time < time {
            anchor = storage[first]
        } else {
            anchor = first > head ? storage[first - 1] : nil
        }
        let leaving = first - head
        append(value, at: time)
        head += leaving
        return anchor
    }

    /// Appends a sample, compacting only when the storage is full (room for `reservedSamples`, made once and kept
    /// across gestures), so a steady move neither allocates nor moves the kept samples down each time.
    @inline(__always)
    private mutating func append(_ value: Value, at time: UInt64) {
        if storage.count == storage.capacity {
            if head > 0 {
                storage.removeSubrange(0..<head)
                head = 0
            }
            if storage.capacity < Self.reservedSamples { storage.reserveCapacity(Self.reservedSamples) }
        }
        storage.append(GestureMotionSample(value: value, time: time))
    }

    /// Every sample kept was recorded no earlier than the one before it (a clock that went back clears it until
    /// the next `removeAll`): `recordInOrder` may then stop at the anchor.
    private var ordered = true

    /// Room made on the first sample: a velocity window holds a few samples (20 ms at up to 240 Hz), so most
    /// records then find room without compacting.
    private static var reservedSamples: Int { 16 }
}

// MARK: - GestureMotionSample

/// The last measured value of a gesture (a centroid, a scale, an angle) and when it was measured on the
/// run-loop clock; velocities are the change between two samples over the time between them.
struct GestureMotionSample<Value> {
    var value: Value
    var time: UInt64

    /// Seconds from this sample to `later` (0 when they are in the same instant).
    func seconds(until later: UInt64) -> TimeInterval {
        later > time ? TimeInterval(later - time) / 1_000_000_000 : 0
    }
}

extension GestureMotionSample where Value == CGFloat {
    /// Change per second from this sample to `value` measured at `time`; nil in the same instant (the
    /// recognizer keeps its last velocity).
    func velocity(to value: CGFloat, at time: UInt64) -> CGFloat? {
        let dt = seconds(until: time)
        return dt > 0 ? (value - self.value) / dt : nil
    }
}

extension GestureMotionSample where Value == CGPoint {
    /// Change per second, per axis, from this sample to `value` measured at `time`; nil in the same instant.
    func velocity(to value: CGPoint, at time: UInt64) -> CGPoint? {
        let dt = seconds(until: time)
        return dt > 0 ? CGPoint(x: (value.x - self.value.x) / dt, y: (value.y - self.value.y) / dt) : nil
    }
}
