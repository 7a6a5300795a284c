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

    /// One finger in one frame, in device units.
    public struct Contact: Equatable, Sendable {
        /// A fresh id per contact, from 1 in order of touch-down (devices reuse tracking ids).
        public var id: UInt32
        /// `ABS_MT_POSITION_X`, device units.
        public var x: Int
        /// `ABS_MT_POSITION_Y`, device units.
        public var y: Int
        /// `ABS_MT_PRESSURE`, `ABS_MT_TOUCH_MAJOR`, `ABS_MT_TOUCH_MINOR` in device units, when the device
        /// reports them.
        public var pressure: Int?
        /// The contact ellipse's major axis (`ABS_MT_TOUCH_MAJOR`), device units.
        public var touchMajor: Int?
        /// The contact ellipse's minor axis (`ABS_MT_TOUCH_MINOR`), device units.
        public var touchMinor: Int?
        /// What the contact does in this frame.
        public var change: Change

        /// A contact with these values.
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

    /// One `SYN_REPORT`: the contacts that are down or changed at that time.
    public struct Frame: Equatable, Sendable {
        /// Nanoseconds since the recording's first event (microsecond resolution, as evdev stamps).
        public var time: UInt64
        /// The contacts down or changed in this frame, by id.
        public var contacts: [Contact]

        /// A frame at `time` with `contacts`.
        public init(time: UInt64, contacts: [Contact]) {
            self.time = time
            self.contacts = contacts
        }
    }

    /// The file's name, for messages.
    public let name: String
    /// Absolute axes by evdev code, from the file's `A:` lines, its header comments, or a description file.
    public let axes: [Int: EvemuAxis]
    /// The frames in time order, each with the contacts it changed.
    public let frames: [Frame]
    /// Nanoseconds from the first event to the last (a recording may end with fingers still down).
    public let duration: UInt64
    /// `SYN_DROPPED` reports: the kernel's buffer overran while recording and events were lost there.
    public let droppedReports: Int

    /// `ABS_MT_POSITION_X` and `_Y`: present in every recording that parsed.
    public var xAxis: EvemuAxis { axes[EvemuCode.positionX]! }
    /// `ABS_MT_POSITION_Y` (see `xAxis`).
    public var yAxis: EvemuAxis { axes[EvemuCode.positionY]! }
    /// The x axis's range, device units.
    public var xRange: ClosedRange<Int> { xAxis.minimum...xAxis.maximum }
    /// The y axis's range, device units.
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

/// A recording that cannot be read or played: which file, which line (0: the file as a whole), what is wrong.
public struct EvemuRecordingError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file's name.
    public var file: String
    /// The line, from 1; 0 for the file as a whole.
    public var line: Int
    /// What is wrong.
    public var message: String

    /// An error about `line` of `file`.
    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }
}

extension EvemuRecording {
    /// Parses evemu text. `description`: the text of the device's description file (`.desc`, `.prop`,
    /// `.device`), read for the axis ranges the recording itself does not give.
    public init(text: String, name: String = "recording", description: String? = nil) throws {
        var parser = EvemuParser(name: name)
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            try parser.read(line, number: index + 1)
        }
        var axes = EvemuAxisReader.axes(in: text)
        if let description {
            axes.merge(EvemuAxisReader.axes(in: description)) { mine, _ in mine }
        }
        try parser.finish(axes: axes)
        self.init(
            name: name, axes: axes, frames: parser.frames, duration: parser.lastTime,
            droppedReports: parser.droppedReports)
    }

    /// Reads the file at `url`; when it gives no `ABS_MT_POSITION_X/Y` range, the ranges come from the
    /// device's description file beside it (`NAME.desc`, `.prop` or `.device`, for the name with one
    /// dotted suffix after another removed: `ep0430m09.2-finger-scroll-down.events` → `ep0430m09.desc`).
    public init(contentsOf url: URL) throws {
        let name = url.lastPathComponent
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw EvemuRecordingError(file: name, line: 0, message: "cannot read: \(error.localizedDescription)")
        }
        let axes = EvemuAxisReader.axes(in: text)
        var description: String?
        if axes[EvemuCode.positionX] == nil || axes[EvemuCode.positionY] == nil,
            let file = Self.descriptionFile(for: url)
        {
            description = try? String(contentsOf: file, encoding: .utf8)
        }
        try self.init(text: text, name: name, description: description)
    }

    /// The description file beside `url` that names the same device, if any.
    static func descriptionFile(for url: URL) -> URL? {
        let directory = url.deletingLastPathComponent()
        var stem = url.lastPathComponent
        while let dot = stem.lastIndex(of: ".") {
            stem = String(stem[..<dot])
            for suffix in ["desc", "prop", "device"] {
                let candidate = directory.appendingPathComponent("\(stem).\(suffix)")
                if candidate != url, FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            }
        }
        return nil
    }

    /// Whether `text` is evemu's format rather than a gesture script: its first meaningful line is evemu's
    /// `# EVEMU` banner or a `N:`/`I:`/`P:`/`B:`/`A:`/`E:` line. Decided by content, not by file name.
    public static func isEvemu(_ text: Substring) -> Bool {
        for line in text.split(separator: "\n").prefix(50) {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.hasPrefix("# EVEMU") { return true }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let tags: [Substring] = ["N:", "I:", "P:", "B:", "A:", "E:"]
            return tags.contains { trimmed.hasPrefix($0) }
        }
        return false
    }
}

/// One absolute axis as evdev describes it (`struct input_absinfo`): its range and its resolution in units
/// per millimetre (0 when the device does not say, which is most touchscreens).
public struct EvemuAxis: Equatable, Sendable {
    /// The axis's smallest value (`input_absinfo.minimum`).
    public var minimum: Int
    /// The axis's largest value (`input_absinfo.maximum`).
    public var maximum: Int
    /// Units per millimetre (`input_absinfo.resolution`); 0 when the device does not say.
    public var resolution: Int

    /// An axis from `minimum` to `maximum`.
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
