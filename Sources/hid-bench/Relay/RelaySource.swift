import CommandLineSupport
import LoadGeneration
import HIDEvent
import Histogram
import RunLoopKit
import ZeroMQ

#if canImport(Glibc)
    import Glibc
#endif

/// The baseline's source, in the `hid-bench relay` process: the same open-loop schedule as `hid-source load`
/// (frame i due at t0 + i/rate, stamped with that time; flat out stamped at send), the same blocking PUSH
/// that waits in 20 ms slices so SIGINT/SIGTERM get through, then an empty frame that ends the run.
final class RelaySource {
    let rate: Double
    let count: UInt64?
    let durationNanoseconds: UInt64?
    let frames: RelayFrames
    private let context: ZMQContext
    private let push: ZMQSocket

    init(
        endpoint: String, rate: Double, count: UInt64?, durationNanoseconds: UInt64?, frames: RelayFrames,
        curve: ZMQCurveClient? = nil
    ) throws {
        self.rate = rate
        self.count = count
        self.durationNanoseconds = durationNanoseconds
        self.frames = frames
        context = try ZMQContext(ioThreads: 1)
        push = try context.socket(.push)
        try push.setLinger(0)
        try push.setSendTimeout(20)
        try curve?.apply(to: push)
        try push.connect(endpoint)
    }

    deinit { push.close() }

    /// Only after the relay reported: over ipc a PUSH socket closed with frames still in its pipe loses them
    /// (the end frame first of all), whatever the linger.
    func close() { push.close() }

    func run() throws -> RelaySourceResult {
        var result = RelaySourceResult()
        var buffer: [UInt8] = []
        let interval = rate > 0 ? 1e9 / rate : nil
        if interval != nil { MonotonicClock.minimizeTimerSlack() }
        let t0 = MonotonicClock.now
        let end = durationNanoseconds.map { t0 + $0 }
        result.started = t0
        var index: UInt64 = 0
        // As `hid-source load`: the clock read just after the previous send is "now" for the end check, so both
        // sources read the clock twice a frame.
        var now = t0
        sending: while !Interruption.requested {
            if let count, index >= count { break }
            let due = interval.map { PacedSchedule.due(index, t0: t0, interval: $0) }
            // At the end of the duration, or past it while behind the schedule: stop on time, as `hid-source load`.
            if let end, (due ?? now) >= end || now >= end { break }
            try frames.append(sequence: index + 1, into: &buffer)
            let stamp: UInt64
            if let due {
                MonotonicClock.sleep(until: due)
                if Interruption.requested { break }
                stamp = due
            } else {
                stamp = MonotonicClock.now
            }
            let sent = try buffer.withUnsafeMutableBytes { raw -> Bool in
                HIDMessageView.stamp(.hardware, stamp, in: raw)
                while true {
                    if try push.send(UnsafeRawBufferPointer(raw)) { return true }
                    if Interruption.requested { return false }
                    if let end, MonotonicClock.now >= end { return false }  // held back past the end: given up
                }
            }
            guard sent else { break sending }
            index += 1
            now = MonotonicClock.now
            _ = result.sourceSend.record(min(now - min(now, stamp), 60_000_000_000))
            result.finished = now
        }
        result.offered = index
        result.interrupted = Interruption.requested
        if !result.interrupted, let end, let interval {
            result.behindSchedule = PacedSchedule.behind(t0: t0, end: end, interval: interval, count: count, sent: index)
        }
        result.frameBytes = buffer.count
        if result.finished == 0 { result.finished = t0 }
        // The end frame waits behind the frames still queued; it must go even after an interruption.
        let deadline = MonotonicClock.now + 30_000_000_000
        while try !push.send([UInt8]()) {
            guard MonotonicClock.now < deadline else { throw RelayError("the relay stopped reading its input") }
        }
        return result
    }
}

/// What the baseline's source did.
struct RelaySourceResult {
    var offered: UInt64 = 0
    var started: UInt64 = 0
    var finished: UInt64 = 0
    var interrupted = false
    /// Frames due before the end of --duration that were not sent (the source fell behind --rate).
    var behindSchedule: UInt64 = 0
    var frameBytes = 0
    /// The frame's stamp → its PUSH socket took it.
    var sourceSend = Histogram<UInt64>(
        lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000,
        numberOfSignificantValueDigits: .three)

    var sendSeconds: Double { finished > started ? Double(finished - started) / 1e9 : 0 }
}

/// The baseline's frames: real encoded HID digitizer frames, a drag of `fingers` fingers, so every frame has
/// the size `hid-source load` sends for that many fingers (64 + 8 + 96 × (fingers + 1) bytes). Encoded anew
/// for every frame, as the load generator does, so both sources cost the same per frame.
struct RelayFrames {
    let fingers: Int
    let senderID: UInt64

    func append(sequence: UInt64, into buffer: inout [UInt8]) throws {
        let step = Float(sequence % 300)
        var children: [HIDDigitizerEvent] = []
        children.reserveCapacity(fingers)
        for i in 0..<fingers {
            let x: Float = 20 + Float(i) * 30 + step / 10
            let y: Float = 100 + step * 2
            children.append(
                HIDDigitizerEvent(
                    options: [.absolute, .builtIn], phase: .changed, depth: 1, transducerIndex: UInt32(i + 1),
                    transducerType: .finger, identity: UInt32(i + 1), eventMask: .position, x: x, y: y, tipPressure: 1,
                    majorRadius: 6, minorRadius: 6, quality: 1, density: 1))
        }
        let message = HIDMessage(
            envelope: HIDEnvelope(kind: .digitizer, sequence: sequence, senderID: senderID),
            payload: .digitizer(HIDDigitizerFrame(fingers: children)))
        buffer.removeAll(keepingCapacity: true)
        try HIDEncoder.append(message, to: &buffer)
    }
}
