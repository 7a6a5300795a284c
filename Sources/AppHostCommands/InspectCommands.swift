import AppInspection
import AppScene
import ArgumentParser
import CommandLineSupport
import Foundation

// The commands that read one scene file and show what UIKit would make of it, with no input played: its
// view tree, a responder chain, where a touch at a point would go, a picture.

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
            throw ValidationError(
                "no object with id '\(id)' in \(scene) (ids: \(app.responders.keys.sorted().joined(separator: ", ")))")
        }
        print(responder.responderChainDescription)
    }
}

/// `app-host explain SCENE.yaml X Y`: the hit-test path for a screen point, the chosen view, the recognizers
/// that would see the touch and the responder chain from the view.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain where a touch at a screen point goes: hit-test path, view, recognizers, responder chain.")

    @Argument(help: "The scene file (YAML, see protocols/scene-format.md).")
    var scene: String

    @Argument(help: "x in screen points.", transform: ScreenPoint.coordinate)
    var x: Double

    @Argument(help: "y in screen points.", transform: ScreenPoint.coordinate)
    var y: Double

    func run() throws {
        let app = try SceneFile.load(scene)
        let point = CGPoint(x: x, y: y)
        print(HitTestExplanation(scene: app, point: point).describe(point: point, scene: app))
    }
}

/// `app-host render SCENE.yaml [--touch X,Y] --out FILE.svg`: the hierarchy as a picture, with the hit-test
/// path of the touch and the point.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a scene as SVG, with the hit-test path of a touch.")

    @Argument(help: "The scene file (YAML, see protocols/scene-format.md).")
    var scene: String

    @Option(
        name: .long, help: "A touch at X,Y (screen points): draws its hit-test path and the point.", transform: ScreenPoint.pair)
    var touch: CGPoint?

    @Option(name: .long, help: "The SVG file to write ('-' for stdout).")
    var out: String

    func run() throws {
        let svg = SceneSVG.render(try SceneFile.load(scene), touch: touch)
        if out == "-" {
            print(svg, terminator: "")
            return
        }
        do {
            try svg.write(toFile: out, atomically: true, encoding: .utf8)
        } catch {
            throw CommandError.cannotCreate("cannot write \(out): \(error.localizedDescription)")
        }
    }
}
