import ControlProtocol
import Foundation

extension ControlServer {
    /// `scene`: the foreground app with the scene file and trace file springboard launched it with, or the home
    /// screen's page as it shows (protocols/control.md, "scene").
    func foregroundScene() -> ForegroundSceneInfo {
        guard let app = registry.foreground else {
            return ForegroundSceneInfo(bundleID: nil, home: router.homeScreen.shown)
        }
        let launch = configuration.launches.first { $0.bundleID == app.bundleID }
        // The launched app-host inherits springboard's working directory, so a relative scene path is read
        // from there: the absolute path names the same file for a reader elsewhere (sbctl).
        let scene = launch.map { launch in
            URL(fileURLWithPath: launch.scene, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                .standardizedFileURL.path
        }
        // What `AppLauncher` passes as --trace-file (only to apps it launches, and only with a runtime directory).
        let traceFile = launch != nil ? configuration.runtimeDirectory.map { "\($0)/logs/\(app.bundleID).trace.jsonl" } : nil
        return ForegroundSceneInfo(
            bundleID: app.bundleID, displayName: app.displayName, session: app.session, scene: scene, traceFile: traceFile)
    }
}
