/// The `status` reply: who is on screen and where SpringBoard listens.
public struct StatusInfo: Codable, Equatable, Sendable {
    public var pid: Int32
    /// The foreground app's bundle id, or nil when the home screen shows.
    public var foreground: String?
    public var homePage: Int
    public var homePageCount: Int
    /// Who owns the gesture in progress: "none", "home", "system" or "app:<bundle id>".
    public var gestureTarget: String
    public var liveTouches: Int
    public var eventEndpoint: String
    public var appEndpoint: String
    public var controlEndpoint: String
    public var registeredApps: Int
    public var uptimeMilliseconds: UInt64
    /// `shed` or `backpressure`.
    var overloadMode: String

    public init(
        pid: Int32, foreground: String?, homePage: Int, homePageCount: Int, gestureTarget: String, liveTouches: Int,
        eventEndpoint: String, appEndpoint: String, controlEndpoint: String, registeredApps: Int, uptimeMilliseconds: UInt64,
        overloadMode: String
    ) {
        self.pid = pid
        self.foreground = foreground
        self.homePage = homePage
        self.homePageCount = homePageCount
        self.gestureTarget = gestureTarget
        self.liveTouches = liveTouches
        self.eventEndpoint = eventEndpoint
        self.appEndpoint = appEndpoint
        self.controlEndpoint = controlEndpoint
        self.registeredApps = registeredApps
        self.uptimeMilliseconds = uptimeMilliseconds
        self.overloadMode = overloadMode
    }
}
