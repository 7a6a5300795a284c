/// How a finger touches the glass: its pressure (0...1) and the radii of its contact ellipse in points. A nil
/// field takes the script's default (the `digitizer` statement's, else pressure 1 and radius 6).
package struct GestureContact: Equatable, Sendable {
    var pressure: Float?
    var majorRadius: Float?
    var minorRadius: Float?

    package init(pressure: Float? = nil, majorRadius: Float? = nil, minorRadius: Float? = nil) {
        self.pressure = pressure
        self.majorRadius = majorRadius
        self.minorRadius = minorRadius
    }

    /// Each field of `self`, else `defaults`'.
    func over(_ defaults: GestureContact) -> GestureContact {
        GestureContact(
            pressure: pressure ?? defaults.pressure, majorRadius: majorRadius ?? defaults.majorRadius,
            minorRadius: minorRadius ?? majorRadius ?? defaults.minorRadius)
    }

    /// Pressure 1 and a 6-point round contact: what a script without `digitizer` reports.
    static let standard = GestureContact(pressure: 1, majorRadius: 6, minorRadius: 6)

    /// Why the values are out of range, or nil.
    var problem: (expected: String, found: String)? {
        if let pressure, !(pressure.isFinite && (0...1).contains(pressure)) { return ("a pressure 0...1", "\(pressure)") }
        for radius in [majorRadius, minorRadius].compactMap({ $0 }) where !(radius.isFinite && radius >= 0) {
            return ("a radius >= 0 points", "\(radius)")
        }
        return nil
    }
}

/// The `digitizer` statement: frames as a real panel reports them (protocols/gesture-script.md, "Digitizer").
package struct DigitizerSettings: Equatable, Sendable {
    /// Scans per second: 60, 120 or 240.
    var rate: Int = 120
    /// Every finger's contact unless its `down` says otherwise.
    var contact = GestureContact.standard
    /// Up to this many points of uniform noise on each axis of every sample (0: none).
    var jitter: Float = 0
    var seed: UInt64 = 1

    static let rates = [60, 120, 240]

    /// The time of scan `k` after the first scan at `start`: `start + k * 1e9 / rate`, rounded down.
    func scan(_ k: UInt64, from start: UInt64) -> UInt64 { start + k * 1_000_000_000 / UInt64(rate) }

    /// The first scan at or after `time` (scans start at `start`).
    func firstScan(atOrAfter time: UInt64, from start: UInt64) -> UInt64 {
        guard time > start else { return 0 }
        let k = (time - start) * UInt64(rate) / 1_000_000_000
        return scan(k, from: start) >= time ? k : k + 1
    }
}
