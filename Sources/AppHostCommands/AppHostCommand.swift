import AppScene
import ArgumentParser
import CommandLineSupport
import Foundation
import HeadlessApp
import UIKitModel

/// `app-host`: one app process of the pipeline. Subcommands run an app from a scene file; `serve` (also the
/// default: `app-host SCENE.yaml`) is the live process connected to springboard.
///
/// A library entry point as well as the `app-host` executable's: an executable of your own registers its Swift
/// classes under scene class names (`SceneClassRegistry`), then calls `AppHostCommand.main()`, and has every
/// subcommand (`serve`, `run`, `tree`, `explain`, `render`, ...) with the same options, output and exit statuses.
public struct AppHostCommand: ParsableCommand {
    /// The command's name, abstract and subcommands (`serve` is the default).
    public static let configuration = CommandConfiguration(
        commandName: "app-host",
        abstract: "Run an app described by a scene file and print what UIKit calls, in order.",
        discussion: ExitStatus.helpText(failure: nil),
        subcommands: [
            ServeCommand.self, RunCommand.self, ChainCommand.self, TraceCommand.self, TreeCommand.self, ExplainCommand.self,
            RenderCommand.self, PredictCommand.self, ExploreCommand.self,
        ],
        defaultSubcommand: ServeCommand.self)

    /// The command before parsing (ArgumentParser makes it; `main()` is the entry point).
    public init() {}

    /// Parses the process's arguments, runs the subcommand and exits with its status (ExitStatus's table).
    public static func main() { CommandLineMain.run(Self.self) }
}

/// Loads scene files for the subcommands, turning a `SceneError` into `file:line: path: message` (65), a
/// missing file into 66.
enum SceneFile {
    static func load(_ path: String, into application: UIApplication = UIApplication()) throws -> SceneApp {
        let text = try CommandError.read(path)
        do {
            return try SceneLoader().load(yaml: text, into: application)
        } catch let error as SceneError {
            throw CommandError.dataError(located(error, in: path))
        }
    }

    /// A headless runner for the scene at `path`, with the same errors as `load`.
    static func runner(_ path: String) throws -> HeadlessAppRunner {
        _ = try CommandError.read(path)
        do {
            return try HeadlessAppRunner(sceneURL: URL(fileURLWithPath: path))
        } catch let error as SceneError {
            throw CommandError.dataError(located(error, in: path))
        }
    }

    static func located(_ error: SceneError, in path: String) -> String {
        if let line = error.line { return "\(path):\(line): \(error)" }
        return "\(path): \(error)"
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
