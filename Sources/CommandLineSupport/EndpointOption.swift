import ArgumentParser
import Foundation
import ZeroMQ

#if canImport(Glibc)
    import Glibc
#endif

/// One of springboard's sockets, as a command-line option: its flag, its help, and its default endpoint
/// in the runtime directory.
public protocol SpringBoardSocket {
    static var flag: String { get }
    static var help: String { get }
    static func endpoint(in defaults: DefaultEndpoints) -> String
}

/// `--<socket>`: an endpoint given on the command line, else the socket's ipc endpoint in the runtime
/// directory. One option per socket, so a command takes the flags of the sockets it uses and no others.
public struct EndpointOption<Socket: SpringBoardSocket>: ParsableArguments {
    @Option(name: .customLong(Socket.flag), help: ArgumentHelp(Socket.help))
    var endpoint: String?

    public init() {}

    /// The endpoint given, else the default one in `runtime`'s directory.
    public func resolved(_ runtime: RuntimeDirectoryOptions) -> String {
        endpoint ?? Socket.endpoint(in: runtime.endpoints)
    }
}

/// The event port: hid-source -> springboard (PUSH -> PULL).
public enum EventsSocket: SpringBoardSocket {
    public static let flag = "events"
    public static let help = "springboard's event endpoint (default: ipc://<runtime dir>/events)."
    public static func endpoint(in defaults: DefaultEndpoints) -> String { defaults.events }
}

/// The app channel: apps -> springboard (DEALER -> ROUTER).
public enum AppsSocket: SpringBoardSocket {
    public static let flag = "apps"
    public static let help = "springboard's app channel (default: ipc://<runtime dir>/apps)."
    public static func endpoint(in defaults: DefaultEndpoints) -> String { defaults.apps }
}

/// The control socket: sbctl -> springboard (DEALER -> ROUTER).
public enum ControlSocket: SpringBoardSocket {
    public static let flag = "control"
    public static let help = "springboard's control endpoint (default: ipc://<runtime dir>/control)."
    public static func endpoint(in defaults: DefaultEndpoints) -> String { defaults.control }
}

/// The frame monitor: springboard -> sbctl monitor (XPUB -> SUB).
public enum MonitorSocket: SpringBoardSocket {
    public static let flag = "monitor"
    public static let help = "springboard's frame monitor endpoint (default: ipc://<runtime dir>/monitor)."
    public static func endpoint(in defaults: DefaultEndpoints) -> String { defaults.monitor }
}

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

/// `--runtime-dir`: where springboard's ipc sockets are, for every command that binds or finds them.
public struct RuntimeDirectoryOptions: ParsableArguments {
    @Option(
        name: .long,
        help: """
            Runtime directory (mode 0700) holding the ipc sockets (default: $TOUCHPIPELINE_RUNTIME_DIR, \
            $XDG_RUNTIME_DIR/touchpipeline or /tmp/touchpipeline-$UID).
            """)
    var runtimeDir: String?

    public init() {}

    /// The endpoints in `--runtime-dir`, else in the default runtime directory.
    public var endpoints: DefaultEndpoints { DefaultEndpoints(runtimeDirectory: runtimeDir) }
}

/// `--curve-server-key` and `--curve-key`: connect to springboard with CURVE (encrypted, and admitted only
/// when springboard's authorized-keys file lists this client's public key). Key files: `sbctl keygen NAME`.
public struct CurveOptions: ParsableArguments {
    @Option(name: .long, help: "springboard's CURVE public-key file (NAME.pub): connect with CURVE.")
    var curveServerKey: String?

    @Option(name: .long, help: "This client's CURVE secret-key file (NAME.key, from `sbctl keygen NAME`).")
    var curveKey: String?

    public init() {}

    public func validate() throws {
        guard (curveServerKey == nil) == (curveKey == nil) else {
            throw ValidationError("--curve-server-key and --curve-key go together")
        }
    }

    /// The files given (for a child process that takes the same options).
    package var curveServerKeyFile: String? { curveServerKey }
    package var curveKeyFile: String? { curveKey }

    /// The client keys, or nil without CURVE.
    package func client() throws -> ZMQCurveClient? {
        guard let curveServerKey, let curveKey else { return nil }
        return try ZMQCurveClient(serverKeyFile: curveServerKey, secretKeyFile: curveKey)
    }
}
