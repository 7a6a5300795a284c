import ControlProtocol
import ZeroMQ

/// A validated `hid-source load` invocation.
package struct LoadSettings {
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

    package init(
        rate: Double, duration: LoadDuration?, count: UInt64?, fingers: Int, mix: GestureMix, seed: UInt64,
        overload: OverloadMode?, app: String?, json: Bool, histogramDirectory: String?,
        baseline: (paths: [String], relay: BaselineRatios.RelayFigures)?, baselineWarnings: [String], senderID: UInt64,
        eventEndpoint: String, controlEndpoint: String, confirmTimeoutMilliseconds: Int, drainTimeoutMilliseconds: Int,
        curve: ZMQCurveClient?
    ) {
        self.rate = rate
        self.duration = duration
        self.count = count
        self.fingers = fingers
        self.mix = mix
        self.seed = seed
        self.overload = overload
        self.app = app
        self.json = json
        self.histogramDirectory = histogramDirectory
        self.baseline = baseline
        self.baselineWarnings = baselineWarnings
        self.senderID = senderID
        self.eventEndpoint = eventEndpoint
        self.controlEndpoint = controlEndpoint
        self.confirmTimeoutMilliseconds = confirmTimeoutMilliseconds
        self.drainTimeoutMilliseconds = drainTimeoutMilliseconds
        self.curve = curve
    }
}

/// A run length as typed on the command line: `10s`, `500ms`, `2m`, or plain seconds (`1.5`).
package struct LoadDuration: Equatable {
    var nanoseconds: UInt64

    init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

    /// Parses `text`; nil when it is not a positive number with an optional `ms`, `s` or `m` unit.
    package init?(parsing text: String) {
        guard let (value, scale) = Self.number(text), value.isFinite, value > 0, value * scale < Double(UInt64.max) else {
            return nil
        }
        nanoseconds = UInt64(value * scale)
    }

    /// The number in `text` and its unit's nanoseconds (seconds when it has none); nil when it is not a number.
    package static func number(_ text: String) -> (value: Double, scale: Double)? {
        let units: [(suffix: String, scale: Double)] = [("ms", 1e6), ("s", 1e9), ("m", 60e9)]
        var number = Substring(text)
        var scale = 1e9
        // "ms" before "s" and "m": the longest suffix wins.
        for unit in units where number.hasSuffix(unit.suffix) {
            number = number.dropLast(unit.suffix.count)
            scale = unit.scale
            break
        }
        return Double(number).map { ($0, scale) }
    }

    var seconds: Double { Double(nanoseconds) / 1e9 }
}
