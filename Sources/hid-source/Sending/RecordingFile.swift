import ArgumentParser
import Foundation
import HIDEvent
import TouchRecording

/// `--write FILE`: the frames hid-source would send, as an evemu recording that `replay` and `app-host run`
/// play back (protocols/evemu-replay.md, "Writing").
enum RecordingFile {
    static func write(_ frames: [TimedHIDPayload], to path: String, screen: CGSize) throws {
        var writer = EvemuWriter(screen: screen)
        var text = writer.header
        for frame in frames { text += writer.lines(for: frame) }
        do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch {
            throw ValidationError("cannot write \(path): \(error.localizedDescription)")
        }
        var notes: [String] = []
        if writer.cancelsWrittenAsLifts > 0 { notes.append("\(writer.cancelsWrittenAsLifts) cancel(s) written as lifts") }
        if writer.eventsLeftOut > 0 { notes.append("\(writer.eventsLeftOut) button/motion event(s) left out") }
        if writer.fingersLeftOut > 0 { notes.append("\(writer.fingersLeftOut) finger(s) beyond 32 slots left out") }
        let note = notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")); see the comments in the file)"
        print("hid-source: wrote \(frames.count) frame(s) to \(path)\(note)")
    }
}
