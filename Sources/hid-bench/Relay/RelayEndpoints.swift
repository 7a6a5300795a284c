import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// The baseline's sockets: ipc in a private temporary directory (mode 0700) that the run removes.
struct RelayEndpoints {
    let directory: String
    /// source PUSH → relay PULL.
    var input: String { "ipc://\(directory)/in" }
    /// relay ROUTER ↔ sink DEALER.
    var output: String { "ipc://\(directory)/out" }

    /// Short paths: ipc endpoints must stay within 107 bytes.
    static func makeTemporary() throws -> RelayEndpoints {
        var template = Array("/tmp/hid-bench-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw RelayError("cannot create a temporary directory: \(String(cString: strerror(errno)))")
        }
        return RelayEndpoints(directory: String(cString: made))
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }
}
