import Foundation
import HIDEvent
import TouchRecording

/// The shared recordings (`shared/recordings`, read in place, never copied into the repository) for tests.
extension EvemuRecording {
    /// Reads `name` from `shared/recordings/evemu-devices` (axis ranges from the device's `.desc` beside it
    /// when the file has none).
    public init(evemuDevices name: String) throws {
        try self.init(contentsOf: Self.recordingsDirectory().appendingPathComponent("evemu-devices/\(name)"))
    }

    /// Reads `name` from `shared/recordings/evemu` (evemu's own data files).
    public init(evemu name: String) throws {
        try self.init(contentsOf: Self.recordingsDirectory().appendingPathComponent("evemu/\(name)"))
    }

    /// The frames stretched over a screen of `size` points, from `offset` seconds on; `window`: only the
    /// frames recorded within these seconds of the start (one session of a long recording).
    public func hidFrames(
        screen size: CGSize, offset: Double = 1, window: ClosedRange<Double>? = nil
    ) throws -> [TimedHIDPayload] {
        func ns(_ seconds: Double) -> UInt64 { UInt64((seconds * 1_000_000_000).rounded()) }
        return try timedPayloads(
            mapping: RecordingMapping(screen: size), from: window.map { ns($0.lowerBound) } ?? 0,
            to: window.map { ns($0.upperBound) }, offset: ns(offset))
    }

    /// `shared/recordings`: `SharedPaths.recordings` when it exists, else the nearest `shared/recordings`
    /// above the package root (a git worktree sits one level deeper than the main checkout).
    public static func recordingsDirectory() throws -> URL {
        let manager = FileManager.default
        if manager.fileExists(atPath: SharedPaths.recordings.path) { return SharedPaths.recordings }
        var directory = SharedPaths.packageRoot
        for _ in 0..<4 {
            directory = directory.deletingLastPathComponent()
            let candidate = directory.appendingPathComponent("shared/recordings")
            if manager.fileExists(atPath: candidate.path) { return candidate }
        }
        throw EvemuRecordingError(file: "shared/recordings", line: 0, message: "not found (set TOUCHPIPELINE_SHARED)")
    }
}
