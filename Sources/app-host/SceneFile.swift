import AppScene
import Foundation
import UIKitModel

/// Loads scene files for the subcommands, turning a `SceneError` into `file:line: path: message`.
enum SceneFile {
    static func load(_ path: String, into application: UIApplication = UIApplication()) throws -> SceneApp {
        do {
            return try SceneLoader().load(contentsOf: URL(fileURLWithPath: path), into: application)
        } catch let error as SceneError {
            throw CommandFailure(located(error, in: path))
        }
    }

    static func located(_ error: SceneError, in path: String) -> String {
        if let line = error.line { return "\(path):\(line): \(error)" }
        return "\(path): \(error)"
    }
}
