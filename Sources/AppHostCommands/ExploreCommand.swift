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

/// The explorer server's options, shared with `sbctl explore`'s in spirit: loopback unless told otherwise.
struct ExplorerServerOptions: ParsableArguments {
    @Option(name: .long, help: "TCP port (0: any free port; the URL printed names it).")
    var port: Int = 8765

    @Option(name: .long, help: "Address to listen on. Not a loopback address: needs --token.")
    var host: String = "127.0.0.1"

    @Flag(name: .long, help: "Allow a non-loopback --host; a random token is then required in the URL.")
    var token = false

    func serve(_ engine: ExplorerEngine) throws {
        let configuration: ExplorerServerConfiguration
        do {
            configuration = try ExplorerServerConfiguration(host: host, port: port, allowRemote: token)
        } catch {
            throw ValidationError("\(error)")
        }
        try ExplorerServerRunner.run(ExplorerServer(configuration: configuration, engine: engine))
    }
}
