import HIDEvent
import Histogram
import LoadGeneration
import RunLoopKit

/// The open-loop generator. Frame i is due at t0 + i/rate whatever happened to the frames before it, and its
/// `hardware` stamp is that intended time, not the time it went out: when the pipeline pushes back and a send
/// waits, the wait shows as latency of every frame behind it instead of silently slowing the schedule
/// (coordinated omission). Flat out, a frame is due as soon as the previous one was taken, so it is stamped
/// with its send time.
struct LoadSendLoop {
    let settings: LoadSettings
    let sender: LoadSender
    let progress: LoadProgress

    func run() throws -> LoadSendResult {
        var result = LoadSendResult()
        var generator = FrameGenerator(mix: settings.mix, fingers: settings.fingers, seed: settings.seed)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(64 + 8 + 11 * 96)
        let interval = settings.intervalNanoseconds
        if interval != nil { MonotonicClock.minimizeTimerSlack() }
        let t0 = MonotonicClock.now
        let end = settings.duration.map { t0 + $0.nanoseconds }
        result.started = t0
        progress.begin(at: t0)
        var index: UInt64 = 0
        // Flat out, the clock read just after the previous send is "now" for the end check: only this loop's
        // bookkeeping runs between the two (the progress line reads the clock again when it updates, since that
        // asks springboard), and the source shares the cores with what it measures.
        var now = t0
        while !Interruption.requested {
            if let count = settings.count, index >= count { break }
            let due = interval.map { PacedSchedule.due(index, t0: t0, interval: $0) }
            // The end of the duration, or past it while behind the schedule (a --rate the sender or the pipeline
            // cannot keep up with): the run ends on time; what the schedule had left is counted after the loop.
            if let end, (due ?? now) >= end || now >= end { break }
            let frame = try generator.next(
                sequence: index + 1, senderID: settings.senderID,
                last: isLast(index, t0: t0, end: end), into: &buffer)
            let stamp: UInt64
            if let due {
                if MonotonicClock.now < due { MonotonicClock.sleep(until: due) }
                if Interruption.requested { break }
                stamp = due
            } else {
                stamp = MonotonicClock.now
            }
            let sent = try buffer.withUnsafeMutableBytes { raw -> Bool in
                HIDMessageView.stamp(.hardware, stamp, in: raw)
                return try sender.send(UnsafeRawBufferPointer(raw)) {
                    let now = MonotonicClock.now
                    progress.tick(now: now, offered: index)
                    // A send the pipeline holds back past the end of --duration is given up: the run ends on time.
                    return !Interruption.requested && end.map { now < $0 } ?? true
                }
            }
            guard sent else { break }
            index += 1
            if let kind = frame.began {
                result.gestures[kind, default: 0] += 1
                result.fingersLeftDown = true
            }
            if frame.lifted { result.fingersLeftDown = false }
            now = MonotonicClock.now
            _ = result.sourceSend.record(min(now - min(now, stamp), 60_000_000_000))
            result.finished = now
            if progress.tick(now: now, offered: index) { now = MonotonicClock.now }
        }
        result.offered = index
        result.interrupted = Interruption.requested
        // 0 when every frame due before the end was sent (or --count came first); an interrupted run is not behind.
        if !result.interrupted, let end, let interval {
            result.behindSchedule = PacedSchedule.behind(t0: t0, end: end, interval: interval, count: settings.count, sent: index)
        }
        if result.finished == 0 { result.finished = t0 }
        return result
    }

    /// The run's final frame, known ahead when the count or the schedule bounds the run: a gesture lifts in it.
    private func isLast(_ index: UInt64, t0: UInt64, end: UInt64?) -> Bool {
        if let count = settings.count, index + 1 >= count { return true }
        if let end, let interval = settings.intervalNanoseconds {
            return PacedSchedule.due(index + 1, t0: t0, interval: interval) >= end
        }
        return false
    }
}
