import GestureScript
import HeadlessApp
import TestSupport

/// The app in-process (`HeadlessAppRunner`): the script's times on a manual clock, then one second more so
/// timers started by the last input fire.
final class HeadlessDriver: ScenarioDriver {
    let name = "headless"
    private var runner: HeadlessAppRunner?

    func launch(_ app: String) throws {
        runner = try HeadlessAppRunner(sceneURL: SharedPaths.packageRoot.appendingPathComponent("deploy/apps/\(app)/\(app).yaml"))
    }

    func play(_ script: String) throws -> [String] {
        guard let runner else { throw ScenarioError.notLaunched }
        return runner.run(try GestureScript.parse(script)).map(\.text)
    }
}

enum ScenarioError: Error {
    case notLaunched
}
