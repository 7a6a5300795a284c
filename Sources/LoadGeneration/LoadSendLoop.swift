import EventPort
import HIDEvent
import Histogram
import RunLoopKit
import ZeroMQ

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
        var generator = FrameGenerator(mix: settings.mix, fingers: settings.fingers, seed: settings.seed, eventRoom: true)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(EventRoom.size + 64 + 8 + 11 * 96)
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
            let asked: UInt64
            if let due {
                if MonotonicClock.now < due { MonotonicClock.sleep(until: due) }
                if Interruption.requested { break }
                stamp = due
                asked = MonotonicClock.now
            } else {
                // Flat out the stamp is the send time: one clock read serves both (the clock was 10% of the
                // generator's time at three reads a frame; the relay's source reads it twice).
                stamp = MonotonicClock.now
                asked = stamp
            }
            var heldBack = false
            let sent = try buffer.withUnsafeMutableBytes { raw -> Bool in
                HIDMessageView.stamp(.hardware, stamp, in: UnsafeMutableRawBufferPointer(rebasing: raw[EventRoom.size...]))
                return try sender.send(UnsafeRawBufferPointer(raw)) {
                    heldBack = true
                    let now = MonotonicClock.now
                    progress.tick(now: now, offered: index)
                    // A send the pipeline holds back past the end of --duration is given up: the run ends on time.
                    return !Interruption.requested && end.map { now < $0 } ?? true
                }
            }
            // Time the socket did not take a frame at once: the event port's high-water mark was reached, because
            // springboard read no faster (it paused for a full app queue, or it or the app was the slowest stage).
            if heldBack { result.heldBackNanoseconds += MonotonicClock.now - min(MonotonicClock.now, asked) }
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

/// What the sending part of a run did.
struct LoadSendResult {
    var offered: UInt64 = 0
    /// The run's t0 (the first frame's intended time) and when the last frame was taken by the socket.
    var started: UInt64 = 0
    var finished: UInt64 = 0
    var interrupted = false
    /// Frames the schedule (--rate) had due before the end of --duration that were never sent: the sender fell
    /// behind (the pipeline pushed back, or the rate is beyond what one sender can make).
    var behindSchedule: UInt64 = 0
    /// Time spent in sends the socket did not take at once (the pipeline held the source back).
    var heldBackNanoseconds: UInt64 = 0
    /// Gestures whose first frame was sent, by kind.
    var gestures: [GestureKind: UInt64] = [:]
    /// The run ended with fingers down (a duration or an interruption cut a gesture short); the final end
    /// marker makes springboard cancel them.
    var fingersLeftDown = false
    /// Per frame: its hardware stamp → its PUSH socket took it (the generator's lateness plus any wait at
    /// the high-water mark).
    var sourceSend = Histogram<UInt64>(
        lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000,
        numberOfSignificantValueDigits: .three)

    var sendSeconds: Double { finished > started ? Double(finished - started) / 1e9 : 0 }
}

/// The event-port PUSH socket of a load run. A send never drops: at the high-water mark (springboard in
/// backpressure mode, or just slower than the source) it waits. It waits in short slices (ZMQ_SNDTIMEO) so
/// that between them the run can show progress and notice SIGINT/SIGTERM; a blocking send without a
/// timeout would hold the thread in libzmq until the pipeline drained.
final class LoadSender {
    static let sliceMilliseconds = 20

    private let context: ZMQContext
    private let socket: ZMQSocket

    init(endpoint: String, curve: ZMQCurveClient?) throws {
        context = try ZMQContext(ioThreads: 1)
        socket = try context.socket(.push)
        try socket.setLinger(0)
        try socket.setSendTimeout(Self.sliceMilliseconds)
        try curve?.apply(to: socket)
        try socket.connect(endpoint)
    }

    deinit { socket.close() }

    /// Closes the socket (linger 0). Only once springboard confirmed the end marker: over ipc a PUSH socket
    /// closed with frames still in its pipe loses them, whatever the linger.
    func close() { socket.close() }

    /// Sends `bytes`, waiting as long as the socket pushes back. `whileBlocked` runs after each slice spent
    /// waiting and returns false to give up (the frame is then not sent). Returns whether it was sent.
    func send(_ bytes: UnsafeRawBufferPointer, whileBlocked: () -> Bool) throws -> Bool {
        // Taken at once, or held back (the high-water mark is reached): `whileBlocked` is called then, even when the
        // wait is shorter than a slice, so the run knows how long the pipeline held it back.
        if try socket.send(bytes, dontWait: true) { return true }
        if !whileBlocked() { return false }
        while true {
            if try socket.send(bytes) { return true }
            if !whileBlocked() { return false }
        }
    }

    /// Sends the run's final end marker: it must go, even after an interruption, so it waits up to
    /// `timeoutNanoseconds` for room.
    func sendEndMarker(_ marker: EndMarker, timeoutNanoseconds: UInt64) throws -> Bool {
        let deadline = MonotonicClock.now + timeoutNanoseconds
        let bytes = marker.encoded()
        return try bytes.withUnsafeBytes { raw in
            try send(raw) { MonotonicClock.now < deadline }
        }
    }
}

/// The open-loop schedule of a paced sender (`hid-source load`, `hid-bench relay`): frame i is due at
/// t0 + round(i × interval). A sender that falls behind it (the pipeline pushes back, or the rate is beyond one
/// sender) still ends at its duration; what the schedule had left is counted, not sent late.
public enum PacedSchedule {
    /// The rates a paced sender takes: one frame every 1000 s at the slowest, one a nanosecond at the fastest
    /// (the schedule's unit); 0 means flat out, with no schedule.
    public static let rates: ClosedRange<Double> = 0.001...1e9

    /// Why `rate` cannot be a `--rate`, or nil when it can.
    public static func problem(withRate rate: Double) -> String? {
        guard rate.isFinite, rate == 0 || rates.contains(rate) else {
            return "--rate must be 0 (flat out) or 0.001...1e9 frames/s, got \(rate)"
        }
        return nil
    }

    /// When frame `index` is due.
    @inline(__always) public static func due(_ index: UInt64, t0: UInt64, interval: Double) -> UInt64 {
        t0 + UInt64((Double(index) * interval).rounded())
    }

    /// Frames due before `end` (and within `count`) that were not among the `sent` first ones. Frame i is due
    /// before it when round(i × interval) < end − t0, that is i × interval < end − t0 − ½.
    public static func behind(t0: UInt64, end: UInt64, interval: Double, count: UInt64?, sent: UInt64) -> UInt64 {
        let span = Double(end - min(end, t0)) - 0.5
        let due = span > 0 ? min((span / interval).rounded(.up), 1.8e19) : 0
        let scheduled = min(count ?? .max, UInt64(due))
        return scheduled - min(scheduled, sent)
    }
}
