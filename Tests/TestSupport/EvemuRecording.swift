import Foundation
import HIDEvent

/// A real touchscreen recording in evemu's text format (shared/recordings/MANIFEST.md), read as multitouch
/// protocol B (slots and tracking ids) into frames of contacts, and played as HID digitizer frames scaled
/// to a screen in points. Read in place from `shared/recordings`; never copied into the repository.
public struct EvemuRecording {
    /// What a contact does in a frame: down, move, up or stationary (no cancels in a recording).
    public typealias Change = HIDFingerChange

    public struct Contact: Equatable, Sendable {
        /// A fresh id per contact (tracking ids are reused by devices).
        public var id: UInt32
        public var x: Int
        public var y: Int
        public var change: Change
    }

    public struct Frame: Equatable, Sendable {
        /// Nanoseconds since the recording's first event.
        public var time: UInt64
        public var contacts: [Contact]
    }

    public let xRange: ClosedRange<Int>
    public let yRange: ClosedRange<Int>
    public private(set) var frames: [Frame] = []

    /// Reads `name` from `shared/recordings/evemu-devices` (axis ranges from the file's `A:` lines or, when
    /// it has none, from the device's `.desc` file beside it).
    public init(evemuDevices name: String) throws {
        let directory = try Self.recordingsDirectory().appendingPathComponent("evemu-devices")
        let url = directory.appendingPathComponent(name)
        var text = try String(contentsOf: url, encoding: .utf8)
        if !text.contains("\nA: 35 ") && !text.hasPrefix("A: 35 "), let dot = name.firstIndex(of: ".") {
            text = try String(contentsOf: directory.appendingPathComponent(name[..<dot] + ".desc"), encoding: .utf8) + "\n" + text
        }
        try self.init(text: text, name: name)
    }

    /// Reads `name` from `shared/recordings/evemu` (evemu's own data files, axis ranges in the file).
    public init(evemu name: String) throws {
        let url = try Self.recordingsDirectory().appendingPathComponent("evemu").appendingPathComponent(name)
        try self.init(text: try String(contentsOf: url, encoding: .utf8), name: name)
    }

    public init(text: String, name: String = "recording") throws {
        var ranges: [Int: ClosedRange<Int>] = [:]
        var slot = 0
        var current: [Int: Contact] = [:]  // by slot
        var changed = Set<Int>()
        var ended: [Contact] = []
        var nextID: UInt32 = 1
        var start: Double?
        var time: Double = 0
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            // A `#` starts a comment (evemu 1.1 annotates each event line after a tab).
            let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let tag = fields.first else { continue }
            func fail(_ message: String) -> EvemuRecordingError {
                EvemuRecordingError(file: name, line: index + 1, message: message)
            }
            if tag == "A:" {
                guard fields.count >= 4, let code = Int(fields[1], radix: 16), let lo = Int(fields[2]), let hi = Int(fields[3])
                else {
                    throw fail("expected 'A: <code> <min> <max> ...'")
                }
                ranges[code] = lo...hi
                continue
            }
            guard tag == "E:" else { continue }
            guard fields.count == 5, let seconds = Double(fields[1]), let type = Int(fields[2], radix: 16),
                let code = Int(fields[3], radix: 16), let value = Int(fields[4])
            else {
                throw fail("expected 'E: <sec>.<usec> <type> <code> <value>'")
            }
            if start == nil { start = seconds }
            time = seconds - (start ?? seconds)
            switch (type, code) {
            case (3, 0x2f):
                slot = value
            case (3, 0x39) where value >= 0:
                current[slot] = Contact(id: nextID, x: current[slot]?.x ?? 0, y: current[slot]?.y ?? 0, change: .down)
                nextID += 1
                changed.insert(slot)
            case (3, 0x39):
                if let contact = current.removeValue(forKey: slot) {
                    changed.remove(slot)
                    ended.append(Contact(id: contact.id, x: contact.x, y: contact.y, change: .up))
                }
            case (3, 0x35), (3, 0x36):
                guard var contact = current[slot] else { continue }
                if code == 0x35 { contact.x = value } else { contact.y = value }
                if contact.change != .down { contact.change = .move }
                current[slot] = contact
                changed.insert(slot)
            case (0, 2):
                throw fail("multitouch protocol A (SYN_MT_REPORT) is not supported")
            case (0, 0):
                var contacts: [Contact] = []
                for key in current.keys.sorted() {
                    var contact = current[key]!
                    if !changed.contains(key) { contact.change = .stationary }
                    contacts.append(contact)
                    current[key]?.change = .stationary
                }
                contacts += ended
                if contacts.contains(where: { $0.change != .stationary }) {
                    frames.append(Frame(time: UInt64((time * 1_000_000).rounded()) * 1_000, contacts: contacts))
                }
                changed.removeAll()
                ended.removeAll()
            default:
                continue
            }
        }
        guard let x = ranges[0x35], let y = ranges[0x36] else {
            throw EvemuRecordingError(file: name, line: 0, message: "no ABS_MT_POSITION_X/Y range (A: 35/36)")
        }
        xRange = x
        yRange = y
    }

    /// The frames as HID digitizer payloads on a screen of `size` points (the device's axes stretched over
    /// it), each at its recorded time plus `offset` seconds.
    /// Only the frames recorded within `window` seconds of the start are played (one session of a long
    /// recording), shifted so the window's start plays at `offset`.
    public func hidFrames(
        screen size: CGSize, offset: Double = 1, window: ClosedRange<Double>? = nil
    ) -> [(time: UInt64, payload: HIDPayload)] {
        let from = UInt64(((window?.lowerBound ?? 0) * 1_000_000_000).rounded())
        let to = window.map { UInt64(($0.upperBound * 1_000_000_000).rounded()) } ?? .max
        let base = UInt64((offset * 1_000_000_000).rounded())
        let sx = Double(size.width) / Double(xRange.upperBound - xRange.lowerBound)
        let sy = Double(size.height) / Double(yRange.upperBound - yRange.lowerBound)
        return frames.filter { $0.time >= from && $0.time <= to }.map { frame in
            let fingers = frame.contacts.map { contact in
                HIDDigitizerEvent(
                    finger: contact.id, contact.change,
                    x: Float(Double(contact.x - xRange.lowerBound) * sx), y: Float(Double(contact.y - yRange.lowerBound) * sy))
            }
            return (base + frame.time - from, .digitizer(HIDDigitizerFrame(fingers: fingers)))
        }
    }

    /// `shared/recordings`: `SharedPaths.recordings` when it exists, else the nearest `shared/recordings`
    /// above the package root (a git worktree sits one level deeper than the main checkout).
    static func recordingsDirectory() throws -> URL {
        let manager = FileManager.default
        if manager.fileExists(atPath: SharedPaths.recordings.path) { return SharedPaths.recordings }
        var directory = SharedPaths.packageRoot
        for _ in 0..<4 {
            directory = directory.deletingLastPathComponent()
            let candidate = directory.appendingPathComponent("shared/recordings")
            if manager.fileExists(atPath: candidate.path) { return candidate }
        }
        throw EvemuRecordingError(file: "", line: 0, message: "shared/recordings not found (set TOUCHPIPELINE_SHARED)")
    }
}

/// A recording that cannot be read: which file, which line, what is wrong.
public struct EvemuRecordingError: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var line: Int
    public var message: String

    public var description: String { "\(file):\(line): \(message)" }
}
