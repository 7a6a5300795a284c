import HIDEvent

/// The protocol B state machine behind `EvemuRecording(text:)`: one slot per finger, values that persist
/// per slot until the device reports a change (partial updates), a frame at every `SYN_REPORT`.
struct EvemuParser {
    /// One slot's last reported values, and the contact in it (nil: no finger in this slot).
    private struct Slot {
        var contact: UInt32?
        var x = 0, y = 0
        var pressure: Int?, touchMajor: Int?, touchMinor: Int?
        var change: HIDFingerChange = .stationary

        func contact(_ id: UInt32, _ change: HIDFingerChange) -> EvemuRecording.Contact {
            .init(id: id, x: x, y: y, pressure: pressure, touchMajor: touchMajor, touchMinor: touchMinor, change: change)
        }
    }

    let name: String
    private(set) var frames: [EvemuRecording.Frame] = []
    private(set) var lastTime: UInt64 = 0
    private(set) var droppedReports = 0

    private var slots: [Int: Slot] = [:]
    private var slot = 0
    private var ended: [EvemuRecording.Contact] = []
    /// Contacts that began and ended within one report (as they came down): the report's frame has their
    /// down, and a frame of its own at the same time their up.
    private var endedAtOnce: [EvemuRecording.Contact] = []
    private var nextID: UInt32 = 1
    private var start: UInt64?
    private var positionEvents = 0
    /// Position on another axis (ABS_X/Y, ABS_Z, ABS_RX...) from a device that has no MT position.
    private var otherAxisEvents: [Int: Int] = [:]

    init(name: String) { self.name = name }

    mutating func read(_ raw: Substring, number: Int) throws {
        // A `#` starts a comment (evemu 1.1 annotates each event line after a tab).
        let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard fields.first == "E:" else { return }
        func fail(_ message: String) -> EvemuRecordingError {
            EvemuRecordingError(file: name, line: number, message: message)
        }
        guard fields.count == 5, let micros = Self.microseconds(fields[1]), let type = Int(fields[2], radix: 16),
            let code = Int(fields[3], radix: 16), let value = Int(fields[4])
        else { throw fail("expected 'E: <sec>.<usec> <type hex> <code hex> <value>'") }
        let start = self.start ?? micros
        self.start = start
        guard micros >= start, (micros - start) * 1_000 >= lastTime else { throw fail("the timestamp goes backwards") }
        lastTime = (micros - start) * 1_000
        switch (type, code) {
        case (EvemuCode.evSyn, EvemuCode.synReport): report()
        case (EvemuCode.evSyn, EvemuCode.synMTReport):
            throw fail(
                "multitouch protocol A (SYN_MT_REPORT, no slots): only protocol B recordings (ABS_MT_SLOT, ABS_MT_TRACKING_ID) can be replayed"
            )
        case (EvemuCode.evSyn, EvemuCode.synDropped): droppedReports += 1
        case (EvemuCode.evAbs, EvemuCode.slot):
            guard value >= 0 else { throw fail("negative ABS_MT_SLOT \(value)") }
            slot = value
        case (EvemuCode.evAbs, EvemuCode.trackingID): track(value)
        case (EvemuCode.evAbs, EvemuCode.positionX), (EvemuCode.evAbs, EvemuCode.positionY):
            positionEvents += 1
            update { code == EvemuCode.positionX ? ($0.x = value) : ($0.y = value) }
        case (EvemuCode.evAbs, EvemuCode.pressure): update { $0.pressure = value }
        case (EvemuCode.evAbs, EvemuCode.touchMajor): update { $0.touchMajor = value }
        case (EvemuCode.evAbs, EvemuCode.touchMinor): update { $0.touchMinor = value }
        case (EvemuCode.evAbs, 0x00...0x05): otherAxisEvents[code, default: 0] += 1
        default: return
        }
    }

    /// Checks what only the whole file can tell: a device with positions, and its ranges.
    mutating func finish(axes: [Int: EvemuAxis]) throws {
        if positionEvents == 0, let code = otherAxisEvents.keys.min() {
            let names = [0: "ABS_X", 1: "ABS_Y", 2: "ABS_Z", 3: "ABS_RX", 4: "ABS_RY", 5: "ABS_RZ"]
            let axes = otherAxisEvents.keys.sorted().map { names[$0] ?? "\($0)" }.joined(separator: "/")
            throw EvemuRecordingError(
                file: name, line: 0,
                message:
                    "the device reports position on \(axes), not on ABS_MT_POSITION_X/Y: not a multitouch protocol B touchscreen (first axis 0x\(String(code, radix: 16)))"
            )
        }
        guard axes[EvemuCode.positionX] != nil, axes[EvemuCode.positionY] != nil else {
            throw EvemuRecordingError(
                file: name, line: 0,
                message:
                    "no ABS_MT_POSITION_X/Y range: not in the file's A: lines or header comments, nor in a .desc/.prop/.device file beside it"
            )
        }
    }

    /// ABS_MT_TRACKING_ID: a new id starts a contact in the slot (ending one still there), -1 ends it.
    private mutating func track(_ value: Int) {
        var state = slots[slot] ?? Slot()
        if let id = state.contact {
            if state.change.contains(.down) {
                endedAtOnce.append(state.contact(id, .down))
            } else {
                ended.append(state.contact(id, .up))
            }
            state.contact = nil
            state.change = .stationary
        }
        if value >= 0 {
            state.contact = nextID
            state.change = .down
            nextID += 1
        }
        slots[slot] = state
    }

    /// A value for the current slot; it persists for the slot's next contact too (evdev sends changes only).
    private mutating func update(_ body: (inout Slot) -> Void) {
        var state = slots[slot] ?? Slot()
        body(&state)
        if state.contact != nil, !state.change.contains(.down) { state.change = .move }
        slots[slot] = state
    }

    /// SYN_REPORT: one frame with every contact on the glass (by slot), then the lifts.
    private mutating func report() {
        var contacts: [EvemuRecording.Contact] = []
        for key in slots.keys.sorted() {
            guard let id = slots[key]?.contact, let state = slots[key] else { continue }
            contacts.append(state.contact(id, state.change))
            slots[key]?.change = .stationary
        }
        contacts += ended + endedAtOnce
        if contacts.contains(where: { $0.change != .stationary }) {
            frames.append(EvemuRecording.Frame(time: lastTime, contacts: contacts))
        }
        ended.removeAll()
        guard !endedAtOnce.isEmpty else { return }
        let lifting = Set(endedAtOnce.map(\.id))
        let after = contacts.filter { !$0.change.lifts }.map { contact in
            var contact = contact
            contact.change = lifting.contains(contact.id) ? .up : .stationary
            return contact
        }
        frames.append(EvemuRecording.Frame(time: lastTime, contacts: after))
        endedAtOnce.removeAll()
    }

    /// `1330523780.970485` → microseconds (evdev's `struct timeval`; fewer than six digits are padded).
    static func microseconds(_ field: Substring) -> UInt64? {
        let parts = field.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let seconds = UInt64(parts[0]) else { return nil }
        guard parts.count == 2 else { return seconds * 1_000_000 }
        let digits = parts[1].prefix(6)
        guard let fraction = UInt64(digits.isEmpty ? "0" : digits) else { return nil }
        return seconds * 1_000_000 + fraction * UInt64(pow10(6 - digits.count))
    }

    private static func pow10(_ n: Int) -> Int { (0..<n).reduce(1) { value, _ in value * 10 } }
}

/// Reads absolute axis ranges from evemu text: `A: <code hex> <min> <max> <fuzz> <flat> [<resolution>]`
/// lines, and the header comments `evemu-record` writes (`#     Event code 53 (ABS_MT_POSITION_X)` followed
/// by `#       Min 0`, `#       Max 799`, `#       Resolution 0`). `A:` lines win over comments.
enum EvemuAxisReader {
    static func axes(in text: String) -> [Int: EvemuAxis] {
        var fromLines: [Int: EvemuAxis] = [:]
        var fromComments: [Int: EvemuAxis] = [:]
        var inAbsolute = false
        var code: Int?
        for line in text.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let tag = fields.first else { continue }
            if tag == "A:", fields.count >= 4, let c = Int(fields[1], radix: 16), let lo = Int(fields[2]),
                let hi = Int(fields[3])
            {
                let resolution = fields.count >= 7 ? Int(fields[6]) ?? 0 : 0
                fromLines[c] = EvemuAxis(minimum: lo, maximum: hi, resolution: resolution)
                continue
            }
            guard tag == "#", fields.count >= 3 else { continue }
            switch (fields[1], fields[2]) {
            case ("Event", "type"):
                inAbsolute = fields.count >= 4 && fields[3] == "3"
                code = nil
            case ("Event", "code") where inAbsolute && fields.count >= 4:
                code = Int(fields[3])
                if let code { fromComments[code] = EvemuAxis(minimum: 0, maximum: 0) }
            case ("Min", let value):
                if let code, let v = Int(value) { fromComments[code]?.minimum = v }
            case ("Max", let value):
                if let code, let v = Int(value) { fromComments[code]?.maximum = v }
            case ("Resolution", let value):
                if let code, let v = Int(value) { fromComments[code]?.resolution = v }
            default:
                continue
            }
        }
        return fromLines.merging(fromComments) { line, _ in line }
    }
}
