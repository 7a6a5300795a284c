import AppScene
import ArgumentParser
import Foundation
import UIKitModel

/// `app-host`: one app process of the pipeline. Subcommands run an app from a scene file; `serve` (also the
/// default: `app-host SCENE.yaml`) is the live process connected to springboard.
@main
struct AppHostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app-host",
        abstract: "Run an app described by a scene file and print what UIKit calls, in order.",
        discussion:
            "Exit status: 0 ok, 1 the input was bad (a scene, script or trace file; the error is printed), 64 bad arguments (usage printed), "
            + "69 (serve) the springboard that launched the app is gone ($TOUCHPIPELINE_LAUNCHER_FD's pipe closed; protocols/app-channel.md).",
        subcommands: [
            ServeCommand.self, RunCommand.self, ChainCommand.self, TraceCommand.self, TreeCommand.self, ExplainCommand.self,
            RenderCommand.self,
        ],
        defaultSubcommand: ServeCommand.self)
}

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

/// A failure reported as `Error: <message>` with exit code 1 (no usage text: the arguments were fine, the
/// input was not).
struct CommandFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Parsing of screen coordinates on the command line: finite numbers only, with a clear message.
enum ScreenPoint {
    static func coordinate(_ text: String) throws -> Double {
        guard let value = Double(text), value.isFinite else {
            throw ValidationError("'\(text)' is not a coordinate (a finite number of points)")
        }
        return value
    }

    /// `X,Y`.
    static func pair(_ text: String) throws -> CGPoint {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw ValidationError("'\(text)' is not X,Y (two numbers, a comma between)") }
        return CGPoint(x: try coordinate(String(parts[0])), y: try coordinate(String(parts[1])))
    }
}

/// `warning: <message>` on stderr (the trace itself goes to stdout).
func printWarning(_ message: String) {
    FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
}
