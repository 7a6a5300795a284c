#if canImport(Glibc)
    import Glibc
#endif
import Synchronization

/// SIGINT/SIGTERM while playing: stop between frames and still end the run properly (a final end marker, so
/// springboard cancels fingers left down, and the confirmation). Set from a signal handler, so a lock-free flag.
enum Interruption {
    private static let flag = Atomic<Bool>(false)

    static func install() {
        _ = flag.load(ordering: .relaxed)  // initialized here, not lazily inside the handler
        for number in [SIGINT, SIGTERM] {
            signal(number) { _ in Interruption.flag.store(true, ordering: .relaxed) }
        }
    }

    static var requested: Bool { flag.load(ordering: .relaxed) }
}
