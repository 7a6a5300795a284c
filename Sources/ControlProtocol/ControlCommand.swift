/// A request on SpringBoard's control socket (protocols/control.md). JSON object, one frame:
/// `{"command": "apps"}`, `{"command": "foreground", "bundleID": "com.example.maps"}`, ...
public enum ControlCommand: Equatable, Sendable {
    case apps
    case foreground(bundleID: String)
    case home
    case status
    /// Counters and latency percentiles. `reset`: zero them after the reply is built (a load test starts
    /// from zero). `histograms`: include every hop's full HdrHistogram (large; for load-test reports).
    case stats(reset: Bool = false, histograms: Bool = false)
    /// What SpringBoard has read from one hid-source (`senderID`): used to wait for an end marker.
    case source(senderID: UInt64)
    /// Reads the overload policy (nil), or sets it.
    case overload(mode: OverloadMode?)
    /// Every source springboard remembers, with its liveness.
    case sources
    /// Cancels the fingers one source has down (as its source timeout would) and resets its stream.
    case cancelSource(senderID: UInt64)
    /// Ends an app's process (SIGKILL to the pid the kernel reported for its connection), as iOS's watchdog
    /// ends an app that stopped responding; the home screen (or the next app) takes over.
    case kill(bundleID: String)
    /// Where the foreground app's view with this id is (its centre, in screen points), asked of the app itself
    /// over the app channel (`hid-source tap @id`).
    case view(id: String)

    public var name: String {
        switch self {
        case .apps: return "apps"
        case .foreground: return "foreground"
        case .home: return "home"
        case .status: return "status"
        case .stats: return "stats"
        case .source: return "source"
        case .overload: return "overload"
        case .sources: return "sources"
        case .cancelSource: return "cancelSource"
        case .kill: return "kill"
        case .view: return "view"
        }
    }

    static let names = [
        "apps", "foreground", "home", "status", "stats", "source", "overload", "sources", "cancelSource", "kill", "view",
    ]
}
