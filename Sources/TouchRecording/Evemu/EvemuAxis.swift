/// One absolute axis as evdev describes it (`struct input_absinfo`): its range and its resolution in units
/// per millimetre (0 when the device does not say, which is most touchscreens).
public struct EvemuAxis: Equatable, Sendable {
    public var minimum: Int
    public var maximum: Int
    public var resolution: Int

    public init(minimum: Int, maximum: Int, resolution: Int = 0) {
        self.minimum = minimum
        self.maximum = maximum
        self.resolution = resolution
    }

    /// `maximum - minimum`, never 0 (a degenerate axis maps everything to its start).
    public var span: Int { max(1, maximum - minimum) }

    /// `value` as a fraction of the range: 0 at `minimum`, 1 at `maximum`.
    func fraction(_ value: Int) -> Double { Double(value - minimum) / Double(span) }

    /// The axis length in millimetres, when the device reports a resolution.
    var millimetres: Double? { resolution > 0 ? Double(span) / Double(resolution) : nil }
}

/// The evdev event codes a recording uses (linux/input-event-codes.h).
enum EvemuCode {
    static let synReport = 0x00
    static let synMTReport = 0x02
    static let synDropped = 0x03
    static let absX = 0x00
    static let absY = 0x01
    static let slot = 0x2f
    static let touchMajor = 0x30
    static let touchMinor = 0x31
    static let positionX = 0x35
    static let positionY = 0x36
    static let trackingID = 0x39
    static let pressure = 0x3a
    static let evSyn = 0
    static let evAbs = 3
}
