#if canImport(Glibc)
    import Glibc
#endif
import Synchronization

/// SIGINT/SIGTERM for a command that sends in a loop with no run loop (hid-source's players, hid-bench relay's
/// source): the loop stops between frames and still ends its run properly (a final end marker, a report).
/// Set from a signal handler, so a lock-free flag; one per process. Processes with a run loop use
/// `RunLoopSignalHandler`.
package enum Interruption {
    private static let flag = Atomic<Bool>(false)

    package static func install() {
        _ = flag.load(ordering: .relaxed)  // initialized here, not lazily inside the handler
        for number in [SIGINT, SIGTERM] {
            signal(number) { _ in Interruption.flag.store(true, ordering: .relaxed) }
        }
    }

    package static var requested: Bool { flag.load(ordering: .relaxed) }
}
