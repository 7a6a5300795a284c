import ControlProtocol
import ZeroMQ

/// A validated `hid-source load` invocation.
struct LoadSettings {
    /// Frames per second; 0 sends flat out.
    var rate: Double
    var duration: LoadDuration?
    var count: UInt64?
    var fingers: Int
    var mix: GestureMix
    var seed: UInt64
    var overload: OverloadMode?
    /// nil: springboard's foreground app.
    var app: String?
    var json: Bool
    var histogramDirectory: String?
    var baseline: (paths: [String], relay: BaselineRatios.RelayFigures)?
    /// Said on stderr before the run: the baseline does not match it (`BaselineRatios.mismatches`).
    var baselineWarnings: [String] = []
    var senderID: UInt64
    var eventEndpoint: String
    var controlEndpoint: String
    var confirmTimeoutMilliseconds: Int
    var drainTimeoutMilliseconds: Int
    /// Keys for a CURVE-secured springboard (nil: plain).
    var curve: ZMQCurveClient?

    /// Nanoseconds between two frames' intended times (nil: flat out).
    var intervalNanoseconds: Double? { rate > 0 ? 1e9 / rate : nil }
}
