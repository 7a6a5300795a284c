import Foundation
import HIDEvent

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
