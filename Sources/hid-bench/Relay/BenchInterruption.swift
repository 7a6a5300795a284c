#if canImport(Glibc)
import Glibc
#endif

/// SIGINT/SIGTERM during `hid-bench relay`: the source stops between frames and the run still ends properly
/// (end frame, drain, report). Set from a signal handler, so a plain flag.
enum BenchInterruption {
    private static let flag: UnsafeMutablePointer<sig_atomic_t> = {
        let pointer = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return pointer
    }()

    static func install() {
        _ = flag
        for number in [SIGINT, SIGTERM] {
            signal(number) { _ in BenchInterruption.flag.pointee = 1 }
        }
    }

    static var requested: Bool { flag.pointee != 0 }
}
