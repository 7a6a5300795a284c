import Foundation
import HIDEvent

/// Writes HID digitizer frames as an evemu recording (protocols/evemu-replay.md, "Writing"), so synthetic
/// and recorded streams share one replay path: a virtual protocol B panel the size of the screen at 1,000
/// units per point, a slot per finger, only changed axes per report, one `SYN_REPORT` per frame.
///
/// Played back on the same screen size (`replay`, `app-host run --input`: the default aspect fit), positions,
/// pressure and radii come back to 0.001 point and times to the microsecond. What evemu cannot say is written
/// as a comment and counted: a cancelled finger is written as a lift, a button or motion event is not
/// written.
public struct EvemuWriter {
    /// Device units per point (positions and radii) and per unit of pressure.
    static let unitsPerPoint = 1_000.0
    static let slots = 32

    private struct Finger: Equatable {
        var slot: Int
        var x: Int, y: Int, pressure: Int, major: Int, minor: Int
    }

    /// The screen the frames' points are on: it becomes the written device's axis ranges.
    public let screen: CGSize
    /// Fingers cancelled (written as lifted) and button or motion events left out.
    public private(set) var cancelsWrittenAsLifts = 0
    /// Button and motion events left out (evemu touchscreen recordings carry only touches).
    public private(set) var eventsLeftOut = 0
    /// Fingers that came down with every slot taken: left out, with their frames.
    public private(set) var fingersLeftOut = 0

    private var fingers: [UInt32: Finger] = [:]
    private var currentSlot = 0
    private var nextTrackingID = 1

    /// A writer for frames on a screen of `screen` points.
    public init(screen: CGSize) { self.screen = screen }

    /// The header: evemu's banner, the device, its axes.
    public var header: String {
        let w = Int((Double(screen.width) * Self.unitsPerPoint).rounded())
        let h = Int((Double(screen.height) * Self.unitsPerPoint).rounded())
        return """
            # EVEMU 1.3
            # Written by TouchPipeline: a \(Self.number(screen.width)) x \(Self.number(screen.height)) point screen, \
            \(Int(Self.unitsPerPoint)) units per point (protocols/evemu-replay.md)
            N: TouchPipeline virtual digitizer
            I: 0006 0000 0000 0001
            A: 2f 0 \(Self.slots - 1) 0 0 0
            A: 30 0 \(w) 0 0 0
            A: 31 0 \(w) 0 0 0
            A: 35 0 \(w) 0 0 0
            A: 36 0 \(h) 0 0 0
            A: 39 0 65535 0 0 0
            A: 3a 0 \(Int(Self.unitsPerPoint)) 0 0 0

            """
    }

    /// The event lines of one frame (empty for a frame that changes nothing).
    public mutating func lines(for frame: TimedHIDPayload) -> String {
        let time = Self.timestamp(frame.time)
        guard case .digitizer(let digitizer) = frame.payload else {
            eventsLeftOut += 1
            return "# \(time) \(frame.payload.kind) event not written (evemu has no touch-panel equivalent)\n"
        }
        var out = ""
        func emit(_ code: Int, _ value: Int) { out += "E: \(time) 0003 \(String(format: "%04x", code)) \(value)\n" }
        for child in digitizer.children where child.depth == 1 {
            let index = child.transducerIndex
            var next = Finger(
                slot: fingers[index]?.slot ?? -1, x: Self.units(child.x), y: Self.units(child.y),
                pressure: Int((Double(child.tipPressure) * Self.unitsPerPoint).rounded()),
                major: Self.units(child.majorRadius * 2), minor: Self.units(child.minorRadius * 2))
            let previous = fingers[index]
            if previous == nil {
                guard child.phase.contains(.began) else { continue }
                guard let free = (0..<Self.slots).first(where: { slot in !fingers.values.contains { $0.slot == slot } }) else {
                    fingersLeftOut += 1
                    out += "# \(time) finger \(index) not written: all \(Self.slots) slots taken\n"
                    continue
                }
                next.slot = free
            }
            if next.slot != currentSlot {
                emit(0x2f, next.slot)
                currentSlot = next.slot
            }
            if previous == nil {
                emit(0x39, nextTrackingID)
                nextTrackingID = nextTrackingID % 65535 + 1
            }
            let lifting = child.phase.contains(.ended) || child.phase.contains(.cancelled)
            if previous?.x != next.x { emit(0x35, next.x) }
            if previous?.y != next.y { emit(0x36, next.y) }
            if !lifting, previous?.pressure != next.pressure { emit(0x3a, next.pressure) }
            if previous?.major != next.major { emit(0x30, next.major) }
            if previous?.minor != next.minor { emit(0x31, next.minor) }
            if lifting {
                if child.phase.contains(.cancelled) {
                    cancelsWrittenAsLifts += 1
                    out += "# \(time) finger \(index) cancelled: written as a lift\n"
                }
                emit(0x39, -1)
                fingers[index] = nil
            } else {
                fingers[index] = next
            }
        }
        guard !out.isEmpty else { return "" }
        return out + "E: \(time) 0000 0000 0\n"
    }

    private static func units(_ points: Float) -> Int { Int((Double(points) * unitsPerPoint).rounded()) }

    /// `seconds.microseconds`, evdev's `struct timeval`.
    private static func timestamp(_ ns: UInt64) -> String {
        let micros = ns / 1_000
        let fraction = String(micros % 1_000_000)
        return "\(micros / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
    }

    private static func number(_ value: CGFloat) -> String {
        value == value.rounded() ? String(Int(value)) : String(Double(value))
    }
}
