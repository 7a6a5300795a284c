import AppInspection
import ArgumentParser
import Foundation

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
            throw CommandFailure("cannot write \(out): \(error.localizedDescription)")
        }
    }
}
