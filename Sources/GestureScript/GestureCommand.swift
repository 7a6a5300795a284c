import HIDEvent

/// One command of a gesture script (protocols/gesture-script.md). Durations are nanoseconds.
package enum GestureCommand: Equatable, Sendable {
    /// `fingers` fingers down around `at` (30 pt apart on a row), up `duration` later; `taps` times, the
    /// next coming down `interval` after the lift.
    case tap(at: GesturePoint, fingers: Int, duration: UInt64, taps: Int = 1, interval: UInt64 = defaultTapInterval)
    /// `fingers` fingers (a row, 30 pt apart) down at `path[0]`, `steps` moves evenly in time along the
    /// polyline `path` (by length) over `duration`, up at its end.
    case drag(from: GesturePoint, to: GesturePoint, duration: UInt64, steps: Int, via: [GesturePoint] = [], fingers: Int = 1)
    /// A drag of `distance` points in `direction`.
    case swipe(SwipeDirection, from: GesturePoint, distance: Float, duration: UInt64, steps: Int, fingers: Int = 1)
    /// Two fingers on the horizontal line through `center`, their distance going from `from` to `to`.
    case pinch(center: GesturePoint, from: Float, to: Float, duration: UInt64, steps: Int)
    /// Two fingers opposite on a circle of `radius` around `center`, turning by `radians`
    /// (positive = clockwise on screen, as UIRotationGestureRecognizer reports it).
    case rotate(center: GesturePoint, radius: Float, radians: Float, duration: UInt64, steps: Int)
    /// Script finger `finger` (1...999, also its transducerIndex) goes down, touching as `contact` says.
    case down(finger: Int, at: GesturePoint, contact: GestureContact = GestureContact())
    case move(finger: Int, to: GesturePoint)
    case up(finger: Int)
    case cancel(finger: Int)
    /// Button down, then up 0.1 s later.
    case press(HIDButton)
    case button(HIDButton, down: Bool)
    /// Shake began, then ended `duration` later.
    case shake(duration: UInt64)
    /// Play the whole script as a real panel reports it, scanning from this statement's time.
    case digitizer(DigitizerSettings)
    /// An in-app step, not a HID event: the app calls `sendActions(for:)` on the control with this scene id
    /// for these control events (UIKit's names). Only an in-process run (`app-host run`) can perform it.
    case sendActions(control: String, events: [String])

    /// Limits shared by the parser and the builders.
    static let fingerIDs = 1...999
    static let tapFingers = 1...10
    static let steps = 1...10_000
    static let pressDuration: UInt64 = 100_000_000
    static let defaultTapDuration: UInt64 = 50_000_000
    /// Between one tap's lift and the next's touch-down (`tap ... taps N`): well inside UIKit's 0.35 s.
    static let defaultTapInterval: UInt64 = 100_000_000
    static let taps = 1...100
    static let defaultShakeDuration: UInt64 = 500_000_000
    static let defaultSwipeDistance: Float = 200
    static let defaultSwipeDuration: UInt64 = 150_000_000

    /// Steps of a move over `duration` when none are given: one per 60 Hz display frame, at least one.
    static func defaultSteps(for duration: UInt64) -> Int {
        max(1, Int((Double(duration) * 60 / 1e9).rounded()))
    }

    /// Why the command's values are out of range, or nil when they are fine.
    var problem: (expected: String, found: String)? {
        func finite(_ values: Float...) -> Bool { values.allSatisfy(\.isFinite) }
        switch self {
        case .tap(let p, let fingers, _, let taps, _):
            if !finite(p.x, p.y) { return ("finite coordinates", "\(p.x) \(p.y)") }
            if !Self.tapFingers.contains(fingers) { return ("1...10 fingers", "\(fingers)") }
            if !Self.taps.contains(taps) { return ("1...100 taps", "\(taps)") }
        case .drag(let a, let b, _, let steps, let via, let fingers):
            let points = [a, b] + via
            if !points.allSatisfy({ finite($0.x, $0.y) }) { return ("finite coordinates", "\(a.x) \(a.y) -> \(b.x) \(b.y)") }
            if !Self.steps.contains(steps) { return ("1...10000 steps", "\(steps)") }
            if !Self.tapFingers.contains(fingers) { return ("1...10 fingers", "\(fingers)") }
        case .swipe(_, let p, let distance, _, let steps, let fingers):
            if !finite(p.x, p.y, distance) { return ("finite coordinates and distance", "\(p.x) \(p.y) \(distance)") }
            if !Self.steps.contains(steps) { return ("1...10000 steps", "\(steps)") }
            if !Self.tapFingers.contains(fingers) { return ("1...10 fingers", "\(fingers)") }
        case .pinch(let c, let from, let to, _, let steps):
            if !finite(c.x, c.y, from, to) { return ("finite center and distances", "\(c.x) \(c.y) \(from) \(to)") }
            if !Self.steps.contains(steps) { return ("1...10000 steps", "\(steps)") }
        case .rotate(let c, let radius, let radians, _, let steps):
            if !finite(c.x, c.y, radius, radians) {
                return ("finite center, radius and angle", "\(c.x) \(c.y) \(radius) \(radians)")
            }
            if !Self.steps.contains(steps) { return ("1...10000 steps", "\(steps)") }
        case .down(let finger, let p, let contact):
            if !Self.fingerIDs.contains(finger) { return ("a finger id 1...999", "\(finger)") }
            if !finite(p.x, p.y) { return ("finite coordinates", "\(p.x) \(p.y)") }
            if let problem = contact.problem { return problem }
        case .move(let finger, let p):
            if !Self.fingerIDs.contains(finger) { return ("a finger id 1...999", "\(finger)") }
            if !finite(p.x, p.y) { return ("finite coordinates", "\(p.x) \(p.y)") }
        case .up(let finger), .cancel(let finger):
            if !Self.fingerIDs.contains(finger) { return ("a finger id 1...999", "\(finger)") }
        case .digitizer(let settings):
            if !DigitizerSettings.rates.contains(settings.rate) { return ("a rate of 60, 120 or 240 Hz", "\(settings.rate)") }
            if let problem = settings.contact.problem { return problem }
            if !(settings.jitter.isFinite && settings.jitter >= 0) { return ("a jitter >= 0 points", "\(settings.jitter)") }
        case .press, .button, .shake, .sendActions:
            break
        }
        return nil
    }
}

/// A point in screen space, in points, origin top-left (the coordinate space of HID digitizer events).
package struct GesturePoint: Equatable, Sendable {
    var x: Float
    var y: Float

    package init(x: Float, y: Float) {
        self.x = x
        self.y = y
    }

    /// The point `fraction` of the way from `self` to `other`.
    func interpolated(to other: GesturePoint, _ fraction: Float) -> GesturePoint {
        GesturePoint(x: x + (other.x - x) * fraction, y: y + (other.y - y) * fraction)
    }
}

/// The direction of a `swipe`, in screen space (y grows downwards).
package enum SwipeDirection: String, Sendable, CaseIterable {
    case up, down, left, right

    var unit: (dx: Float, dy: Float) {
        switch self {
        case .up: return (0, -1)
        case .down: return (0, 1)
        case .left: return (-1, 0)
        case .right: return (1, 0)
        }
    }
}

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
