#if canImport(Glibc)
import Glibc
#endif

/// SIGINT/SIGTERM while playing: stop between frames and still end the run properly (a final end marker, so
/// springboard cancels fingers left down, and the confirmation). Set from a signal handler, so a plain flag.
enum Interruption {
    private static let flag: UnsafeMutablePointer<sig_atomic_t> = {
        let pointer = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return pointer
    }()

    static func install() {
        _ = flag
        for number in [SIGINT, SIGTERM] {
            signal(number) { _ in Interruption.flag.pointee = 1 }
        }
    }

    static var requested: Bool { flag.pointee != 0 }
}
