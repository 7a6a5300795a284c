import Histogram

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
