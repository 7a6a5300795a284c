import ControlProtocol
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// The live line on stderr while a run sends, when stderr is a terminal: elapsed time, offered frames and
/// their rate, events the app acknowledged. Polls `stats` (no reset, no histograms) at most 4 times a second
/// from the sending thread, between sends, through its own control client with a short timeout, so a
/// slow reply costs the generator at most that long (and a stall, being open-loop, shows as latency).
final class LoadProgress {
    static let periodNanoseconds: UInt64 = 250_000_000

    let enabled: Bool
    private let control: LoadControl?
    private let app: String
    private var start: UInt64 = 0
    private var next: UInt64 = 0
    private var acknowledged: UInt64 = 0

    /// `runControl`: the run's own client, whose endpoint and keys the line's client (with a short timeout) takes.
    init(runControl: LoadControl, app: String) {
        enabled = isatty(STDERR_FILENO) != 0
        control = enabled ? LoadControl(endpoint: runControl.endpoint, timeoutMilliseconds: 250, curve: runControl.curve) : nil
        self.app = app
    }

    func begin(at time: UInt64) {
        start = time
        next = time + Self.periodNanoseconds
    }

    /// Cheap unless a period has passed: one comparison.
    /// Returns true when it updated the line (it asked springboard for its counters: that takes time).
    @discardableResult
    @inline(__always) func tick(now: UInt64, offered: UInt64) -> Bool {
        guard enabled, now >= next else { return false }
        next = now + Self.periodNanoseconds
        if let app = try? control?.stats().apps.first(where: { $0.bundleID == self.app }) { acknowledged = app.acked }
        let seconds = Double(now - start) / 1e9
        let rate = seconds > 0 ? Double(offered) / seconds : 0
        let line = String(
            format: "\r\u{1B}[K%6.1f s  offered %llu (%.0f/s)  acknowledged %llu events", seconds, offered, rate, acknowledged)
        FileHandle.standardError.write(Data(line.utf8))
        return true
    }

    /// Clears the line before the report.
    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
