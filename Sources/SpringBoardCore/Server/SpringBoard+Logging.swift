// Log lines that a peer can cause once per message (bad frames, refused markers or registrations) are
// rate-limited: a fuzzer or a misbehaving app must not fill the disk. The counters keep every case.
extension SpringBoard {
    /// At most one such line per second; the lines held back are counted (`logLinesSuppressed`) and the next
    /// line says how many.
    func logLimited(_ message: @autoclosure () -> String) {
        let time = now
        guard lastLimitedLog == 0 || time &- lastLimitedLog >= 1_000_000_000 else {
            suppressedLogLines &+= 1
            counters.logLinesSuppressed &+= 1
            return
        }
        let suppressed = suppressedLogLines
        suppressedLogLines = 0
        lastLimitedLog = time
        logger.warning("\(message())\(suppressed > 0 ? " (\(suppressed) similar line(s) not logged)" : "")")
    }
}
