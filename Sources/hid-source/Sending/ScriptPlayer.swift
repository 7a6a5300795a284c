import RunLoopKit
import AppChannel
import ArgumentParser
import CommandLineSupport
import ControlProtocol
import Foundation
import GestureScript
import HIDEvent
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
            throw ValidationError("\(file ?? "gesture script"): \(error)")
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
        let socket = try context.socket(.push)
        try socket.setLinger(0)
        try socket.connect(eventEndpoint)

        var buffer: [UInt8] = []
        buffer.reserveCapacity(64 + 8 + 33 * 96)
        var sequence: UInt64 = 0
        let started = MonotonicTime.now
        var lastOffset: UInt64 = 0
        Interruption.install()
        rounds: for round in 0..<max(1, options.repeatCount) {
            let roundStart = lastOffset + (round > 0 ? 50_000_000 : 0)
            for frame in frames {
                if Interruption.requested { break rounds }
                let offset = roundStart + frame.time
                lastOffset = offset
                if options.speed > 0 { MonotonicTime.sleep(until: started + UInt64(Double(offset) / options.speed)) }
                if Interruption.requested { break rounds }
                sequence += 1
                let message = frame.message(sequence: sequence, senderID: senderID, hardware: MonotonicTime.now)
                buffer.removeAll(keepingCapacity: true)
                try HIDEncoder.append(message, to: &buffer)
                _ = try socket.send(buffer)
            }
        }
        let elapsed = MonotonicTime.now - started
        // Final: springboard cancels any finger this run left down (an interrupted drag).
        _ = try socket.send(EndMarker(senderID: senderID, count: sequence, isFinal: true).encoded())

        let confirmed = try waitForEndMarker(
            controlEndpoint: controlEndpoint, senderID: senderID,
            timeoutMilliseconds: options.confirmTimeout)
        socket.close()
        report(sent: sequence, confirmed: confirmed, senderID: senderID, elapsed: elapsed, json: options.json)
        guard let confirmed, confirmed.received >= sequence else { throw ExitCode(3) }
    }

    /// Polls `{"command":"source"}` until springboard has read the end marker (or the deadline passes).
    private static func waitForEndMarker(
        controlEndpoint: String, senderID: UInt64, timeoutMilliseconds: Int
    ) throws -> SourceInfo? {
        let deadline = MonotonicTime.now + UInt64(timeoutMilliseconds) * 1_000_000
        while MonotonicTime.now < deadline {
            let remaining = Int((deadline - MonotonicTime.now) / 1_000_000) + 1
            let client = try ControlClient(endpoint: controlEndpoint, timeoutMilliseconds: remaining)
            guard let reply = try? client.request(.source(senderID: senderID)), let source = reply.source else { return nil }
            if source.endReceived { return source }
            MonotonicTime.sleep(until: MonotonicTime.now + 2_000_000)
        }
        return nil
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
