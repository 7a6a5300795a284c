/// One app in `sbctl apps` / the `apps` reply.
public struct AppInfo: Codable, Equatable, Sendable {
    /// launching, foreground, background, notResponding, dead (see `AppState` in SpringBoardCore).
    public var bundleID: String
    public var displayName: String
    public var pid: UInt32
    public var state: String
    package var session: UInt64
    /// Grid position on the home screen: page (0-based) and slot on it.
    public var homePage: Int
    public var homeSlot: Int

    public init(bundleID: String, displayName: String, pid: UInt32, state: String, session: UInt64, homePage: Int, homeSlot: Int)
    {
        self.bundleID = bundleID
        self.displayName = displayName
        self.pid = pid
        self.state = state
        self.session = session
        self.homePage = homePage
        self.homeSlot = homeSlot
    }
}
