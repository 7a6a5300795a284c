#if canImport(Glibc)
    import Glibc
#endif

/// A relay node is a child of `hid-bench relay`; if that parent dies without sending the end frame, the
/// node must not linger. Nodes block with a 100 ms timeout and check this between waits.
struct ParentWatch {
    private let parent = getppid()

    var parentIsGone: Bool { getppid() != parent }

    static let pollMilliseconds = 100
}
