import ArgumentParser
import CommandLineSupport
import ControlProtocol
import EventPortSending
import Foundation
import GestureScript
import HIDEvent
import RunLoopKit
import TouchRecording
import ZeroMQ

#if canImport(Glibc)
    import Glibc
#endif

/// Sends timed frames (a gesture script's, a recording's) on time, then the end marker, then waits for
/// springboard's confirmation through the control socket. libzmq's linger is not trusted to deliver the
/// tail over ipc.
enum ScriptPlayer {
    /// - Parameter file: where the script came from (warnings name its lines); nil for a command line's gesture.
    static func run(script text: String, file: String? = nil, options: SourceOptions) throws {
        let script: GestureScript
        do { script = try GestureScript.parse(text) } catch {
            // A refused script: the arguments were fine, the file was not (65, no usage text).
            guard file != nil else { throw ValidationError("gesture script: \(error)") }
            throw CommandError.dataError("\(file ?? "gesture script"): \(error)")
        }
        for warning in script.warnings() {
            // Said, not refused: the script plays as written.
            let text = file.map { "\($0): \(warning)" } ?? warning.message
            FileHandle.standardError.write(Data("warning: \(text)\n".utf8))
        }
        for step in script.appSteps {
            // Not a HID event: nothing to send (protocols/gesture-script.md); said, not dropped silently.
            FileHandle.standardError.write(
                Data("warning: sendActions \(step.control) is an in-app step: only app-host run performs it; skipped\n".utf8))
        }
        try run(frames: script.frames(), options: options)
    }

    static func run(frames: [TimedHIDPayload], options: SourceOptions) throws {
        if let path = options.write {
            try RecordingFile.write(frames, to: path, screen: RecordingOptions.size(options.writeScreen, "--write-screen"))
            return
        }
        let senderID = options.runSenderID
        let eventEndpoint = options.eventEndpoint
        let controlEndpoint = options.controlEndpoint

        let context = try ZMQContext(ioThreads: 1)
        let curve = try options.curve.client()
        let stream = try HIDSourceStream(context: context, endpoint: eventEndpoint, curve: curve, senderID: senderID)

        let started = MonotonicClock.now
        var lastOffset: UInt64 = 0
        Interruption.install()
        rounds: for round in 0..<max(1, options.repeatCount) {
            let roundStart = lastOffset + (round > 0 ? 50_000_000 : 0)
            for frame in frames {
                let offset = roundStart + frame.time
                lastOffset = offset
                if options.speed > 0 {
                    let due = started + UInt64(Double(offset) / options.speed)
                    // A long press: the source stays alive for springboard's source timeout.
                    while let keepAlive = stream.nextKeepAlive, !Interruption.requested, due > keepAlive {
                        MonotonicClock.sleep(until: keepAlive)
                        if Interruption.requested { break }
                        stream.sendKeepAlive()
                    }
                    if !Interruption.requested { MonotonicClock.sleep(until: due) }
                }
                if Interruption.requested { break rounds }
                guard try stream.send(frame.payload) else { break rounds }
            }
        }
        let sequence = stream.sent
        let elapsed = MonotonicClock.now - started
        // Interrupted: everything below fits in the second a signal allows (the marker may not get through).
        let interrupted = Interruption.requested
        let markerDeadline = interrupted ? MonotonicClock.now + 300_000_000 : UInt64.max
        // Final: springboard cancels any finger this run left down (an interrupted drag).
        let markerSent = try stream.finish(deadline: markerDeadline)
        let confirmed =
            markerSent
            ? try stream.waitForEndMarker(
                controlEndpoint: controlEndpoint, curve: curve,
                timeoutMilliseconds: interrupted ? min(options.confirmTimeout, 500) : options.confirmTimeout) : nil
        stream.close()
        if !markerSent {
            FileHandle.standardError.write(
                Data("hid-source: the event port \(eventEndpoint) did not take the end marker (no springboard reading)\n".utf8))
        } else if confirmed == nil, interrupted {
            FileHandle.standardError.write(
                Data("hid-source: interrupted; the control socket \(controlEndpoint) did not confirm the end marker\n".utf8))
        }
        report(sent: sequence, confirmed: confirmed, senderID: senderID, elapsed: elapsed, json: options.json)
        guard let confirmed, confirmed.received >= sequence else { throw ExitCode(.unavailable) }
    }

    private static func report(sent: UInt64, confirmed: SourceInfo?, senderID: UInt64, elapsed: UInt64, json: Bool) {
        let seconds = Double(elapsed) / 1e9
        let rate = seconds > 0 ? Double(sent) / seconds : 0
        if json {
            let received = confirmed.map { "\($0.received)" } ?? "null"
            print(
                "{\"sent\":\(sent),\"received\":\(received),\"confirmed\":\(confirmed != nil),\"senderID\":\(senderID),\"seconds\":\(seconds),\"framesPerSecond\":\(Int(rate))}"
            )
            return
        }
        if let confirmed {
            print(
                "hid-source: sent \(sent) frame(s) in \(String(format: "%.3f", seconds)) s; springboard read \(confirmed.received) and the end marker"
            )
        } else {
            FileHandle.standardError.write(
                Data("hid-source: sent \(sent) frame(s); springboard did not confirm the end marker\n".utf8))
        }
    }
}

/// `--write FILE`: the frames hid-source would send, as an evemu recording that `replay` and `app-host run`
/// play back (protocols/evemu-replay.md, "Writing").
enum RecordingFile {
    static func write(_ frames: [TimedHIDPayload], to path: String, screen: CGSize) throws {
        var writer = EvemuWriter(screen: screen)
        var text = writer.header
        for frame in frames { text += writer.lines(for: frame) }
        do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch {
            throw CommandError.cannotCreate("cannot write \(path): \(error.localizedDescription)")
        }
        var notes: [String] = []
        if writer.cancelsWrittenAsLifts > 0 { notes.append("\(writer.cancelsWrittenAsLifts) cancel(s) written as lifts") }
        if writer.eventsLeftOut > 0 { notes.append("\(writer.eventsLeftOut) button/motion event(s) left out") }
        if writer.fingersLeftOut > 0 { notes.append("\(writer.fingersLeftOut) finger(s) beyond 32 slots left out") }
        let note = notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")); see the comments in the file)"
        print("hid-source: wrote \(frames.count) frame(s) to \(path)\(note)")
    }
}
