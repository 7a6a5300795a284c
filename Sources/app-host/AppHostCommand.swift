import ArgumentParser

/// `app-host`: one app process of the pipeline. Subcommands run an app from a scene file; add new ones
/// (e.g. `serve` for a live process) to `subcommands`.
@main
struct AppHostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app-host",
        abstract: "Run an app described by a scene file and print what UIKit calls, in order.",
        subcommands: [ChainCommand.self])
}
