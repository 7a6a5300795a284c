import ArgumentParser

/// `app-host`: one app process of the pipeline. Subcommands run an app from a scene file; `serve` (also the
/// default: `app-host SCENE.yaml`) is the live process connected to springboard.
@main
struct AppHostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app-host",
        abstract: "Run an app described by a scene file and print what UIKit calls, in order.",
        discussion:
            "Exit status: 0 ok, 1 the input was bad (a scene, script or trace file; the error is printed), 64 bad arguments (usage printed).",
        subcommands: [
            ServeCommand.self, RunCommand.self, ChainCommand.self, TraceCommand.self, TreeCommand.self, ExplainCommand.self,
            RenderCommand.self,
        ],
        defaultSubcommand: ServeCommand.self)
}
