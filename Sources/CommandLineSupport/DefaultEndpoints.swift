import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Where the processes meet when no endpoint flag is given: ipc sockets in a private runtime directory.
/// `$TOUCHPIPELINE_RUNTIME_DIR`, else `$XDG_RUNTIME_DIR/touchpipeline`, else `/tmp/touchpipeline-$UID`.
public struct DefaultEndpoints: Sendable, Equatable {
    public var runtimeDirectory: String

    public init(runtimeDirectory: String? = nil) {
        self.runtimeDirectory = runtimeDirectory ?? DefaultEndpoints.defaultRuntimeDirectory
    }

    public static var defaultRuntimeDirectory: String {
        let environment = ProcessInfo.processInfo.environment
        if let dir = environment["TOUCHPIPELINE_RUNTIME_DIR"], !dir.isEmpty { return dir }
        if let xdg = environment["XDG_RUNTIME_DIR"], !xdg.isEmpty { return xdg + "/touchpipeline" }
        return "/tmp/touchpipeline-\(getuid())"
    }

    /// hid-source -> springboard (PUSH -> PULL).
    public var events: String { "ipc://\(runtimeDirectory)/events" }
    /// apps -> springboard (DEALER -> ROUTER).
    public var apps: String { "ipc://\(runtimeDirectory)/apps" }
    /// sbctl -> springboard (REQ/DEALER -> ROUTER).
    public var control: String { "ipc://\(runtimeDirectory)/control" }
    /// springboard -> sbctl monitor (XPUB -> SUB): one record per frame read, while someone watches.
    public var monitor: String { "ipc://\(runtimeDirectory)/monitor" }
}
