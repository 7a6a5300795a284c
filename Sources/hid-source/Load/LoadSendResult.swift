import Histogram

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
