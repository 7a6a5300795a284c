#if canImport(Glibc)
    import Glibc
#endif
import Synchronization

/// SIGINT/SIGTERM during `hid-bench relay`: the source stops between frames and the run still ends properly
/// (end frame, drain, report). Set from a signal handler, so a lock-free flag.
enum BenchInterruption {
    private static let flag = Atomic<Bool>(false)

    static func install() {
        _ = flag.load(ordering: .relaxed)  // initialized here, not lazily inside the handler
        for number in [SIGINT, SIGTERM] {
            signal(number) { _ in BenchInterruption.flag.store(true, ordering: .relaxed) }
        }
    }

    static var requested: Bool { flag.load(ordering: .relaxed) }
}
