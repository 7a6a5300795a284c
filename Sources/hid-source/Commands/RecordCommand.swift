import ArgumentParser
import CommandLineSupport
import EventPort
import Foundation
import HIDEvent
import RunLoopKit
import TouchRecording
import ZeroMQ

/// `hid-source record OUT`: a recorder between the sources and springboard's event port. It binds `--listen`
/// (sources send there with `--events`), forwards every message to springboard unchanged, and writes the
/// touch frames it forwards to OUT as an evemu recording that `replay` and `app-host run` play back
/// (protocols/evemu-replay.md, "Recording"). It stops on SIGINT/SIGTERM, or with `--until-end` after
/// forwarding the first final end marker.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record", abstract: "Record what springboard receives, passing it on, as an evemu file.")

    @Argument(help: "The recording to write.") var file: String
    @Option(name: .long, help: "Where sources send to (default: ipc://<runtime dir>/record).") var listen: String?
    @Flag(name: .long, help: "Stop after forwarding the first final end marker (one source's run).") var untilEnd = false
    @Option(name: .long, help: "The screen the recording describes, WxH points.") var writeScreen: String = "390x844"
    @OptionGroup var events: EndpointOption<EventsSocket>
    @OptionGroup var runtime: RuntimeDirectoryOptions

    func run() throws {
        var writer = EvemuWriter(screen: try RecordingOptions.size(writeScreen, "--write-screen"))
        guard FileManager.default.createFile(atPath: file, contents: Data(writer.header.utf8)),
            let out = FileHandle(forWritingAtPath: file)
        else { throw ValidationError("cannot write \(file)") }
        out.seekToEndOfFile()
        defer { try? out.close() }

        let context = try ZMQContext(ioThreads: 1)
        let inbound = try context.socket(.pull)
        try inbound.setLinger(0)
        try inbound.setReceiveTimeout(100)
        try inbound.bind(listen ?? "ipc://\(runtime.endpoints.runtimeDirectory)/record")
        let outbound = try context.socket(.push)
        try outbound.setLinger(2000)
        try outbound.connect(events.resolved(runtime))
        FileHandle.standardError.write(Data("hid-source: recording to \(file)\n".utf8))

        Interruption.install()
        var first: UInt64?
        var frames = 0, invalid = 0
        while !Interruption.requested {
            let received: [UInt8]?
            do { received = try inbound.receive() } catch {
                if Interruption.requested { break }
                throw error
            }
            guard let bytes = received else { continue }
            _ = try outbound.send(bytes)
            let marker = bytes.withUnsafeBytes { b in EndMarker.matches(b) ? try? EndMarker.decode(b) : nil }
            if let marker {
                if untilEnd && marker.isFinal { break }
                continue
            }
            do {
                let message = try bytes.withUnsafeBytes { try HIDDecoder.decode($0) }
                let hardware = message.envelope.timestamps.hardware
                let start = first ?? hardware
                first = start
                let lines = writer.lines(for: TimedHIDPayload(time: hardware &- start, payload: message.payload))
                out.write(Data(lines.utf8))
                frames += 1
            } catch {
                // Forwarded anyway: springboard validates it again and counts it with its reason.
                invalid += 1
                FileHandle.standardError.write(Data("hid-source: not recorded (invalid HID message: \(error))\n".utf8))
            }
        }
        inbound.close()
        outbound.close()
        var notes = ["\(frames) frame(s) recorded"]
        if invalid > 0 { notes.append("\(invalid) invalid message(s) forwarded, not recorded") }
        if writer.cancelsWrittenAsLifts > 0 { notes.append("\(writer.cancelsWrittenAsLifts) cancel(s) written as lifts") }
        if writer.eventsLeftOut > 0 { notes.append("\(writer.eventsLeftOut) button/motion event(s) in comments only") }
        print("hid-source: \(notes.joined(separator: ", ")) in \(file)")
    }
}
