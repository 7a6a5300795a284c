/// Where a scenario runs (hummingbird's pattern: one test body, two transports). `HeadlessDriver`: the app
/// in this process on a manual clock, frames through an in-process port. `LiveDriver`: springboard, app-host
/// and hid-source as real processes over ZeroMQ, in real time. A scenario asserts the same trace in both, so
/// the processes are shown to add routing and nothing else.
protocol ScenarioDriver: AnyObject {
    var name: String { get }
    /// Loads `deploy/apps/<app>/<app>.yaml` as the foreground app.
    func launch(_ app: String) throws
    /// Plays a gesture script (protocols/gesture-script.md) and returns the app's whole trace once it is idle.
    func play(_ script: String) throws -> [String]
    func tearDown()
}

extension ScenarioDriver {
    func tearDown() {}
}
