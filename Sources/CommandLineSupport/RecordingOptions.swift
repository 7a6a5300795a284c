import ArgumentParser
import Foundation
import HIDEvent
import TouchRecording

/// How an evemu recording is read and placed on the screen (protocols/evemu-replay.md), for every command
/// that plays or inspects one: hid-source replay and inspect, app-host run.
public struct RecordingOptions: ParsableArguments {
    @Option(name: .long, help: "The screen in points, WxH.")
    var screen: String = "390x844"

    @Option(name: .long, help: "Where the device goes on the screen, X,Y,W,H in points (default: the whole screen).")
    var rect: String?

    @Option(name: .long, help: "stretch (each axis over the target) or aspect (keep the device's aspect, centred).")
    var fit: String = "aspect"

    @Option(name: .long, help: "Turn the device clockwise by 0, 90, 180 or 270 degrees before placing it.")
    var rotate: Int = 0

    @Option(name: .long, help: "A physical scale instead of a fit: points per millimetre (iOS: 6.417).")
    var pointsPerMm: Double?

    @Option(name: .long, help: "The device's active area in mm, WxH (most devices report resolution 0).")
    var deviceMm: String?

    @Option(name: .long, help: "Play from this many seconds after the recording's first event.")
    var from: Double = 0

    @Option(name: .long, help: "Play up to this many seconds after the first event; fingers still down are cancelled.")
    var to: Double?

    public init() {}

    public var mapping: RecordingMapping {
        get throws {
            guard let fit = RecordingMapping.Fit(rawValue: fit) else {
                throw ValidationError("--fit must be stretch or aspect, not \(fit)")
            }
            return RecordingMapping(
                screen: try Self.size(screen, "--screen"), target: try rect.map { try Self.rectangle($0) }, fit: fit,
                rotation: rotate, pointsPerMillimetre: pointsPerMm,
                deviceMillimetres: try deviceMm.map { try Self.size($0, "--device-mm") })
        }
    }

    /// The recording's frames in the `--from`/`--to` window, placed by the mapping options, from time 0.
    public func payloads(of recording: EvemuRecording) throws -> [TimedHIDPayload] {
        guard from >= 0, to.map({ $0 >= from }) ?? true else {
            throw ValidationError("--from and --to must satisfy 0 <= from <= to")
        }
        let frames: [TimedHIDPayload]
        do {
            frames = try recording.timedPayloads(
                mapping: mapping, from: Self.nanoseconds(from), to: to.map(Self.nanoseconds))
        } catch let error as RecordingMappingError {
            throw ValidationError(error.description)
        }
        // A window with nothing in it would send nothing and succeed: said instead, with the length.
        guard frames.isEmpty else { return frames }
        let length = "the recording is \(Self.seconds(recording.duration)) s long"
        if Self.nanoseconds(from) > recording.duration {
            throw ValidationError("--from \(Self.seconds(from)) is past the end: \(length)")
        }
        let window = "--from \(Self.seconds(from))" + (to.map { " --to \(Self.seconds($0))" } ?? "")
        throw ValidationError("nothing to play in \(window): \(length) and no finger changes there")
    }

    /// `1.4`, `0.05`, `5`: seconds as a person writes them (at most 3 decimals).
    static func seconds(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    static func seconds(_ nanoseconds: UInt64) -> String { seconds(Double(nanoseconds) / 1e9) }

    /// The recording at `path`; a clear message when it is not one (65), or not there (66).
    public static func load(_ path: String) throws -> EvemuRecording {
        let url = URL(fileURLWithPath: path)
        let text = try CommandError.read(path)
        guard EvemuRecording.isEvemu(text[...]) else {
            throw CommandError.dataError("\(path): not an evemu recording (no '# EVEMU' banner or N:/I:/A:/E: lines)")
        }
        do { return try EvemuRecording(contentsOf: url) } catch let error as EvemuRecordingError {
            throw CommandError.dataError(error.description)
        }
    }

    static func nanoseconds(_ seconds: Double) -> UInt64 { UInt64((seconds * 1_000_000_000).rounded()) }

    /// `WxH` (points or millimetres) as a size; `name` is the option, for the message.
    public static func size(_ text: String, _ name: String) throws -> CGSize {
        let parts = text.split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { throw ValidationError("\(name) must be WxH, e.g. 390x844") }
        return CGSize(width: parts[0], height: parts[1])
    }

    static func rectangle(_ text: String) throws -> CGRect {
        let parts = text.split(separator: ",").compactMap { Double($0) }
        guard parts.count == 4, parts[2] > 0, parts[3] > 0 else {
            throw ValidationError("--rect must be X,Y,W,H, e.g. 0,0,390,844")
        }
        return CGRect(x: parts[0], y: parts[1], width: parts[2], height: parts[3])
    }
}
