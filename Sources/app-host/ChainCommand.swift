import AppScene
import ArgumentParser
import Foundation

/// `app-host chain SCENE.yaml ID`: the responder chain from one object of the scene, as iOS engineers print it.
struct ChainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chain",
        abstract: "Print the responder chain from a view, controller or window of a scene file.")

    @Argument(help: "The scene file (YAML, see protocols/scene-format.md).")
    var scene: String

    @Argument(help: "The id of the object to start from.")
    var id: String

    func run() throws {
        let app = try SceneFile.load(scene)
        guard let responder = app.responder(id) else {
            throw CommandFailure(
                "no object with id '\(id)' in \(scene) (ids: \(app.responders.keys.sorted().joined(separator: ", ")))")
        }
        print(responder.responderChainDescription)
    }
}
