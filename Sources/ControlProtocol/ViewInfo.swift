/// Where a view of the foreground app is (the control socket's `view`): the centre of its frame in screen
/// points, as the app itself reports it, so a tap there lands on it (unless something above it is hit first).
public struct ViewInfo: Codable, Equatable, Sendable {
    public var bundleID: String
    public var id: String
    public var x: Double
    public var y: Double

    public init(bundleID: String, id: String, x: Double, y: Double) {
        self.bundleID = bundleID
        self.id = id
        self.x = x
        self.y = y
    }
}
