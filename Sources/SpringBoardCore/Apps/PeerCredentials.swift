#if canImport(Glibc)
    import Glibc
#endif

/// The kernel's word on who is at the other end of a Unix-domain (ipc) connection: `SO_PEERCRED`, taken when
/// the peer connected, so a process cannot claim another's pid. nil for tcp (CURVE proves identity there).
struct PeerCredentials: Equatable, Sendable {
    var pid: Int32
    var uid: UInt32

    init?(fileDescriptor fd: Int32) {
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; } (Glibc hides it behind _GNU_SOURCE).
        var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0, credentials.0 > 0 else { return nil }
        pid = credentials.0
        uid = credentials.1
    }
}
