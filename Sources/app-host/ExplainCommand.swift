import AppInspection
import ArgumentParser
import Foundation

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
