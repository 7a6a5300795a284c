import AppInspection
import ArgumentParser

/// `app-host tree SCENE.yaml`: windows and views with ids, classes, screen frames, flags, recognizers, actions.
struct TreeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tree",
        abstract: "Print a scene's windows and views: ids, classes, screen frames, flags, recognizers, controls.")

    @Argument(help: "The scene file (YAML, see protocols/scene-format.md).")
    var scene: String

    func run() throws {
        print(SceneTree.describe(try SceneFile.load(scene)))
    }
}
