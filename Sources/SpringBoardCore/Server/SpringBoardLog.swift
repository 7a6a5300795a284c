import Logging
import RunLoopKit

/// springboard's log, shared by its parts. Lines a peer can cause once per message (bad frames, refused
/// markers or registrations) are rate-limited: a fuzzer or a misbehaving app must not fill the disk. The
/// counters keep every case.
final class SpringBoardLog {
    let logger: Logger
    /// Log registrations, foreground changes, liveness decisions and the home screen's calls (never per event).
    let verbose: Bool
    private let clock: RunLoopClock
    /// When the last rate-limited line was written, and how many were held back since.
    @exclusivity(unchecked)
    private var lastLimitedLog: UInt64 = 0
    @exclusivity(unchecked)
    private var heldBack: UInt64 = 0
    /// Rate-limited lines not written since the counters were last reset (`logLinesSuppressed`).
    @exclusivity(unchecked)
    private(set) var suppressed: UInt64 = 0

    /// Without a logger, nothing is written (a part under test); the held-back lines are still counted.
    init(
        logger: Logger = Logger(label: "springboard", factory: { _ in SwiftLogNoOpLogHandler() }), verbose: Bool = false,
        clock: RunLoopClock
    ) {
        self.logger = logger
        self.verbose = verbose
        self.clock = clock
    }

    /// At most one such line per second; the lines held back are counted and the next line says how many.
    func limited(_ message: @autoclosure () -> String) {
        let time = clock.now
        guard lastLimitedLog == 0 || time &- lastLimitedLog >= 1_000_000_000 else {
            heldBack &+= 1
            suppressed &+= 1
            return
        }
        let held = heldBack
        heldBack = 0
        lastLimitedLog = time
        logger.warning("\(message())\(held > 0 ? " (\(held) similar line(s) not logged)" : "")")
    }

    /// A line only `--verbose` writes.
    func verboseInfo(_ message: @autoclosure () -> String) {
        if verbose { logger.info("\(message())") }
    }

    func resetCounters() { suppressed = 0 }
}
