import ArgumentParser
import CommandLineSupport
import ControlProtocol
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
        else { throw CommandError.cannotCreate("cannot write \(file)") }
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

/// `hid-source replay FILE`: an evemu recording (multitouch protocol B) sent to springboard as HID frames,
/// in real time or scaled by `--speed` (protocols/evemu-replay.md).
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay", abstract: "Replay an evemu touchscreen recording (protocols/evemu-replay.md).")

    @Argument(help: "The recording (evemu text, recognised by its content).") var file: String
    @OptionGroup var recording: RecordingOptions
    @OptionGroup var options: SourceOptions

    func run() throws {
        let frames = try recording.payloads(of: RecordingOptions.load(file))
        if options.write == nil { noteHomeScreen() }
        try ScriptPlayer.run(frames: frames, options: options)
    }

    /// A recording is played at an app; with the home screen in front its touches go to the icons and the
    /// page swipe instead. Said before sending (springboard's `status`, protocols/control.md), not refused:
    /// replaying onto the home screen may be what is wanted. No answer: nothing said here (the end marker's
    /// confirmation reports it).
    private func noteHomeScreen() {
        guard
            let client = try? ControlClient(
                endpoint: options.controlEndpoint, timeoutMilliseconds: min(options.confirmTimeout, 1000),
                curve: try? options.curve.client()),
            let reply = try? client.request(.status), let status = reply.status, status.foreground == nil
        else { return }
        FileHandle.standardError.write(
            Data(
                ("hid-source: note: the home screen is in front (page \(status.homePage + 1) of \(status.homePageCount)): "
                    + "the recording's touches go to the home screen, not an app (bring one forward with "
                    + "`sbctl foreground BUNDLE_ID`)\n").utf8))
    }
}

/// `hid-source inspect FILE`: what an evemu recording holds, per touch session: contacts, duration, travel,
/// sampling rate, and spread and rotation for two-finger sessions (in points under the mapping options).
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect", abstract: "Summarise an evemu recording per touch session.")

    @Argument(help: "The recording (evemu text).") var file: String
    @OptionGroup var recording: RecordingOptions
    @Flag(name: .long, help: "Print the summary as JSON.") var json = false

    func run() throws {
        let summary: RecordingSummary
        do { summary = try RecordingOptions.load(file).summary(mapping: recording.mapping) } catch let error
            as RecordingMappingError
        {
            throw ValidationError(error.description)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(summary), as: UTF8.self))
            return
        }
        print(Self.text(summary))
    }

    static func text(_ summary: RecordingSummary) -> String {
        var lines = [
            "\(summary.file): \(summary.frames) frames, \(summary.contacts) contacts, \(format(summary.duration)) s, "
                + "\(summary.samplingRate.map { "\(format($0, 1)) Hz" } ?? "no rate"), dropped reports \(summary.droppedReports)",
            "placed at x \(format(summary.placement[0])) y \(format(summary.placement[1])) size \(format(summary.placement[2])) x \(format(summary.placement[3])) points",
        ]
        var rows = [
            ["session", "start s", "duration s", "contacts", "fingers", "travel pt", "rate Hz", "spread pt", "rotation °"]
        ]
        for (index, session) in summary.sessions.enumerated() {
            rows.append([
                "\(index + 1)", format(session.start), format(session.duration), "\(session.contacts)",
                "\(session.maximumFingers)", format(session.travel, 1), session.samplingRate.map { format($0, 1) } ?? "-",
                session.spread.map {
                    "\(format($0.start, 1)) → \(format($0.end, 1)) (\(format($0.minimum, 1))…\(format($0.maximum, 1)))"
                } ?? "-",
                session.rotation.map { format($0, 1) } ?? "-",
            ])
        }
        lines.append(TextTable.render(rows, rightAligned: Set(0...6)))
        return lines.joined(separator: "\n")
    }

    private static func format(_ value: Double, _ digits: Int = 3) -> String { String(format: "%.\(digits)f", value) }
}
