import ArgumentParser

/// `app-host`: one app process. `app-host SCENE.yaml` (the default `serve` subcommand) runs the app live
/// against springboard.
@main
struct AppHostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app-host",
        abstract: "Run an app described by a scene file.",
        subcommands: [ServeCommand.self],
        defaultSubcommand: ServeCommand.self)
}
