import AppChannel
import ControlProtocol

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
    var senderID: UInt64
    var eventEndpoint: String
    var controlEndpoint: String
    var confirmTimeoutMilliseconds: Int
    var drainTimeoutMilliseconds: Int

    /// Nanoseconds between two frames' intended times (nil: flat out).
    var intervalNanoseconds: Double? { rate > 0 ? 1e9 / rate : nil }
}
