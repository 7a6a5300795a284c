import Foundation

/// The `scene` reply: what is on the screen, in enough detail to draw it elsewhere (`sbctl explore`): the
/// foreground app with the scene file springboard launched it with and its trace file, or the home screen with
/// the icons of the page shown.
public struct ForegroundSceneInfo: Codable, Equatable, Sendable {
    /// The foreground app's bundle id; nil while the home screen shows.
    public var bundleID: String?
    /// Its name on the home screen.
    public var displayName: String?
    /// Its registration's session: a relaunched app (the same bundle id) has a new one.
    public var session: UInt64?
    /// The scene file springboard launches it with (`--launch`, `apps:` in the ensemble file), absolute; nil
    /// for an app springboard did not launch (it registered on its own: its scene is not known here).
    public var scene: String?
    /// The app's trace file (`<runtime dir>/logs/<bundle id>.trace.jsonl`, protocols/trace-record.md) when
    /// springboard launched it with a runtime directory; nil otherwise.
    public var traceFile: String?
    /// The home screen while it shows (nil while an app is in front).
    public var home: HomeScreenInfo?

    /// Everything given.
    public init(
        bundleID: String?, displayName: String? = nil, session: UInt64? = nil, scene: String? = nil,
        traceFile: String? = nil, home: HomeScreenInfo? = nil
    ) {
        self.bundleID = bundleID
        self.displayName = displayName
        self.session = session
        self.scene = scene
        self.traceFile = traceFile
        self.home = home
    }
}

/// The home screen as it shows: its size, the page on screen, and that page's icons with their frames.
public struct HomeScreenInfo: Codable, Equatable, Sendable {
    public var width: Double
    public var height: Double
    /// The page on screen (0-based) and how many there are.
    public var page: Int
    public var pageCount: Int
    /// The icons of the page shown, in slot order.
    public var icons: [HomeIconInfo]

    /// Everything given.
    public init(width: Double, height: Double, page: Int, pageCount: Int, icons: [HomeIconInfo]) {
        self.width = width
        self.height = height
        self.page = page
        self.pageCount = pageCount
        self.icons = icons
    }
}

/// One icon of the home screen's page: the app it launches and its frame in screen points.
public struct HomeIconInfo: Codable, Equatable, Sendable {
    public var bundleID: String
    public var displayName: String
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    /// Everything given.
    public init(bundleID: String, displayName: String, x: Double, y: Double, width: Double, height: Double) {
        self.bundleID = bundleID
        self.displayName = displayName
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
