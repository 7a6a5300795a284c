import Foundation

/// A fresh private directory for one test (mkdtemp(3), mode 0700) under /tmp, whose short path keeps `ipc://`
/// endpoints in it within the 107 bytes a Unix socket path may have. `remove()` deletes it with its contents.
public struct TemporaryDirectory: Sendable {
    /// The directory, e.g. `/tmp/tpa-Ab3xYz`.
    public let path: String

    /// The directory as a file URL.
    public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    /// Makes `/tmp/PREFIX-XXXXXX` (the Xs made unique); a failure names the errno.
    public init(prefix: String) throws {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw TemporaryDirectoryError(prefix: prefix, errno: errno)
        }
        path = String(cString: made)
    }

    /// `ipc://DIRECTORY/NAME`.
    public func ipcEndpoint(_ name: String) -> String { "ipc://\(path)/\(name)" }

    /// Deletes the directory and everything in it; one already gone is not an error.
    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// mkdtemp(3) failed: which directory, and errno.
public struct TemporaryDirectoryError: Error, CustomStringConvertible {
    /// The prefix asked for.
    public let prefix: String
    /// errno after mkdtemp.
    public let errno: Int32

    public var description: String {
        "mkdtemp /tmp/\(prefix)-XXXXXX failed: errno \(errno) (\(String(cString: strerror(errno))))"
    }
}
