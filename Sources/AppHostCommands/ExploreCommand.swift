import ArgumentParser
import CommandLineSupport
import Explorer
import Foundation

/// `app-host explore SCENE [--compare OTHER] [--port N] [--host ADDR --token]`: the explorer page for a scene
/// run headless in-process; the browser's pointer events are its touchscreen (docs/usage.md, "The explorer").
struct ExploreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Serve the explorer page: touch the drawn scene in a browser and watch hit-testing, recognizers and the trace.")

    @Argument(help: "The scene file (protocols/scene-format.md).")
    var scene: String

    @Option(name: .long, help: "A second scene: every input goes to both, shown side by side with their differences.")
    var compare: String?

    @OptionGroup var server: ExplorerServerOptions

    func run() throws {
        var urls: [URL] = []
        for path in [scene] + (compare.map { [$0] } ?? []) {
            _ = try SceneFile.runner(path)  // a scene that does not load is said the way `run` says it (65, 66)
            urls.append(URL(fileURLWithPath: path))
        }
        let session = try HeadlessSession(scenes: urls)
        try server.serve(ExplorerEngine(target: session))
    }
}
