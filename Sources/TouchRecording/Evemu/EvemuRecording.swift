import Foundation
import HIDEvent

/// A touchscreen recording in evemu's text format (protocols/evemu-replay.md), read as multitouch protocol B
/// (slots, tracking ids, partial updates) into frames of contacts in device units. One frame per
/// `SYN_REPORT` that changed something; every frame lists every contact on the glass.
///
/// Protocol A files (`SYN_MT_REPORT`) and devices that report position on axes other than
/// `ABS_MT_POSITION_X/Y` are refused with an error that says why.
public struct EvemuRecording: Sendable {
    /// What a contact does in a frame: down, move, up or stationary (a recording has no cancels).
    public typealias Change = HIDFingerChange

    public struct Contact: Equatable, Sendable {
        /// A fresh id per contact, from 1 in order of touch-down (devices reuse tracking ids).
        public var id: UInt32
        public var x: Int
        public var y: Int
        /// `ABS_MT_PRESSURE`, `ABS_MT_TOUCH_MAJOR`, `ABS_MT_TOUCH_MINOR` in device units, when the device
        /// reports them.
        public var pressure: Int?
        public var touchMajor: Int?
        public var touchMinor: Int?
        public var change: Change

        public init(
            id: UInt32, x: Int, y: Int, pressure: Int? = nil, touchMajor: Int? = nil, touchMinor: Int? = nil,
            change: Change
        ) {
            self.id = id
            self.x = x
            self.y = y
            self.pressure = pressure
            self.touchMajor = touchMajor
            self.touchMinor = touchMinor
            self.change = change
        }
    }

    public struct Frame: Equatable, Sendable {
        /// Nanoseconds since the recording's first event (microsecond resolution, as evdev stamps).
        public var time: UInt64
        public var contacts: [Contact]

        public init(time: UInt64, contacts: [Contact]) {
            self.time = time
            self.contacts = contacts
        }
    }

    /// The file's name, for messages.
    public let name: String
    /// Absolute axes by evdev code, from the file's `A:` lines, its header comments, or a description file.
    public let axes: [Int: EvemuAxis]
    public let frames: [Frame]
    /// Nanoseconds from the first event to the last (a recording may end with fingers still down).
    public let duration: UInt64
    /// `SYN_DROPPED` reports: the kernel's buffer overran while recording and events were lost there.
    public let droppedReports: Int

    /// `ABS_MT_POSITION_X` and `_Y`: present in every recording that parsed.
    public var xAxis: EvemuAxis { axes[EvemuCode.positionX]! }
    public var yAxis: EvemuAxis { axes[EvemuCode.positionY]! }
    public var xRange: ClosedRange<Int> { xAxis.minimum...xAxis.maximum }
    public var yRange: ClosedRange<Int> { yAxis.minimum...yAxis.maximum }

    /// The number of contacts (touch-downs) in the file.
    public var contactCount: Int { frames.reduce(0) { $0 + $1.contacts.filter { $0.change.contains(.down) }.count } }

    init(name: String, axes: [Int: EvemuAxis], frames: [Frame], duration: UInt64, droppedReports: Int) {
        self.name = name
        self.axes = axes
        self.frames = frames
        self.duration = duration
        self.droppedReports = droppedReports
    }
}
