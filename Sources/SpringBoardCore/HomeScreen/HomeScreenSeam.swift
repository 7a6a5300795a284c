import ControlProtocol
import HIDEvent

/// What the router needs of SpringBoard's home screen: frames go in when no app is in the foreground; a
/// tapped icon comes out as a bundle id. The `springboard` executable injects the UIKit scene
/// (`SpringBoardHome.HomeScreenScene`), so routing does not depend on the UIKit model.
public protocol HomeScreenSeam: AnyObject {
    /// One HID message the home screen owns (a gesture that began with no app in the foreground).
    func receive(_ message: HIDMessage)
    /// The icons, in slot order: bundle id and label.
    func setIcons(_ apps: [(bundleID: String, displayName: String)])
    /// Called with the bundle id of a tapped icon.
    var onLaunch: ((String) -> Void)? { get set }
    /// Called with the new page after a page swipe.
    var onPage: ((Int) -> Void)? { get set }
    /// The page on screen (0-based) and how many there are.
    var page: Int { get }
    var pageCount: Int { get }
    /// Where an app's icon is: its page and its slot (row-major across pages); nil when it has none.
    func place(of bundleID: String) -> (page: Int, slot: Int)?
    /// The home screen as it shows now: its size, the page and that page's icons (the control socket's `scene`).
    var shown: HomeScreenInfo { get }
    /// Log the home screen's own UIKit calls (`-[SBIconView touchesBegan:withEvent:]`) to `sink`.
    func traceCalls(to sink: @escaping (String) -> Void)
}
