#if canImport(Glibc)
    import Glibc
#endif
import Synchronization

/// SIGINT/SIGTERM for a command that sends in a loop with no run loop (hid-source's players, hid-bench relay's
/// source): the loop stops between frames and still ends its run properly (a final end marker, a report).
/// Set from a signal handler, so a lock-free flag; one per process. Processes with a run loop use
/// `RunLoopSignalHandler`.
package enum Interruption {
    /// The signal received (0: none).
    private static let received = Atomic<Int32>(0)

    package static func install() {
        _ = received.load(ordering: .relaxed)  // initialized here, not lazily inside the handler
        for number in [SIGINT, SIGTERM] {
            signal(number) { number in Interruption.received.store(number, ordering: .relaxed) }
        }
    }

    package static var requested: Bool { received.load(ordering: .relaxed) != 0 }

    /// SIGINT or SIGTERM once one asked to stop (the latest), for an exit status of 128 + the signal.
    package static var receivedSignal: Int32? {
        let number = received.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }
}
