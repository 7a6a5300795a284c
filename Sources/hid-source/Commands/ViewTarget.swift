import AppInspection
import AppScene
import ArgumentParser
import ControlProtocol
import Foundation

/// `hid-source tap @viewId`: a view of the foreground app's scene, by id. Springboard says which app is in
/// front and its pid; the app-host process's command line names its scene file (Linux `/proc/PID/cmdline`,
/// relative to `/proc/PID/cwd`), which is loaded here to find where the view is on the screen
/// (`SceneViewLocator`: its centre, checked by hit-testing).
enum ViewTarget {
    static func point(of id: String, options: SourceOptions) throws -> (x: Double, y: Double) {
        let client = try ControlClient(endpoint: options.controlEndpoint, timeoutMilliseconds: options.confirmTimeout)
        guard let status = try? client.request(.status).status else {
            throw ValidationError("@\(id): springboard does not answer on \(options.controlEndpoint)")
        }
        guard let bundleID = status.foreground else {
            throw ValidationError("@\(id): no app is in the foreground (the home screen shows)")
        }
        guard let app = (try? client.request(.apps))?.apps?.first(where: { $0.bundleID == bundleID }) else {
            throw ValidationError("@\(id): springboard does not list \(bundleID)")
        }
        let scenePath = try scene(ofProcess: app.pid, bundleID: bundleID)
        let scene: SceneApp
        do { scene = try SceneLoader().load(contentsOf: URL(fileURLWithPath: scenePath)) } catch {
            throw ValidationError("@\(id): \(scenePath): \(error)")
        }
        do {
            let point = try SceneViewLocator.tapPoint(of: id, in: scene)
            return (Double(point.x), Double(point.y))
        } catch {
            throw ValidationError("@\(id) in \(bundleID) (\(scenePath)): \(error)")
        }
    }

    /// The scene file an app-host process was started with: its first argument naming a `.yaml`/`.yml` file.
    static func scene(ofProcess pid: UInt32, bundleID: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else {
            throw ValidationError("@: cannot read the command line of \(bundleID) (pid \(pid))")
        }
        let cwd = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd")) ?? "/"
        let arguments = data.split(separator: 0).dropFirst().map { String(decoding: $0, as: UTF8.self) }
        for argument in arguments where argument.hasSuffix(".yaml") || argument.hasSuffix(".yml") {
            let path = argument.hasPrefix("/") ? argument : (cwd as NSString).appendingPathComponent(argument)
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        throw ValidationError("@: \(bundleID) (pid \(pid)) was not started with a scene file")
    }
}
