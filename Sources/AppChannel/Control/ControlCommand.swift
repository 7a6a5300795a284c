/// A request on SpringBoard's control socket (protocols/control.md). JSON object, one frame:
/// `{"command": "apps"}`, `{"command": "foreground", "bundleID": "com.example.maps"}`, ...
public enum ControlCommand: Equatable, Sendable {
    case apps
    case foreground(bundleID: String)
    case home
    case status
    case stats
    /// What SpringBoard has read from one hid-source (`senderID`): used to wait for an end marker.
    case source(senderID: UInt64)

    public var name: String {
        switch self {
        case .apps: return "apps"
        case .foreground: return "foreground"
        case .home: return "home"
        case .status: return "status"
        case .stats: return "stats"
        case .source: return "source"
        }
    }

    public static let names = ["apps", "foreground", "home", "status", "stats", "source"]
}
