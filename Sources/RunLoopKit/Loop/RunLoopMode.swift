/// A run loop mode: a name. Sources, timers and observers are added to modes, and a run runs one mode,
/// so only that mode's items take part (CF: a mode is a named set of sources, timers and observers).
public struct RunLoopMode: Hashable, Sendable, CustomStringConvertible {
    /// The CF/UIKit name, e.g. `kCFRunLoopDefaultMode`.
    public let name: String

    package init(_ name: String) {
        self.name = name
    }

    /// `kCFRunLoopDefaultMode`: where most work happens. Common by default.
    public static let `default` = RunLoopMode("kCFRunLoopDefaultMode")
    /// `UITrackingRunLoopMode`: UIKit runs it while a scroll view tracks a finger. Common by default.
    public static let tracking = RunLoopMode("UITrackingRunLoopMode")
    /// `kCFRunLoopCommonModes`: not a mode but the set of modes marked common. An item added here is in
    /// every common mode; it cannot be run.
    public static let common = RunLoopMode("kCFRunLoopCommonModes")

    /// The short label traces use: `default`, `tracking`, `common`, or the name of any other mode.
    public var description: String {
        switch self {
        case .default: return "default"
        case .tracking: return "tracking"
        case .common: return "common"
        default: return name
        }
    }
}
