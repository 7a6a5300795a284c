import Foundation
import UIKitModel
import Yams

/// Reads scene files (protocols/scene-format.md) into a `UIApplication` with its windows, controllers and views.
///
/// Extension points for later layers: `register(_:)` a `SceneViewKind` for a new `kind:` (controls, scroll
/// views, table views) or a `SceneExtension` for new per-view keys (gesture recognizers).
public struct SceneLoader {
    private(set) var viewKinds: [String: SceneViewKind] = [:]
    private(set) var extensions: [SceneExtension] = []

    /// A loader that knows UIKitModel's built-in kinds (`view`, `imageView`).
    public init() {
        register(PlainViewKind())
        register(ImageViewKind())
        register(GestureRecognizersSceneExtension())
        for kind in ControlSceneKind.all { register(kind) }
        register(ScrollViewSceneKind())
        register(TableViewSceneKind())
    }

    mutating func register(_ kind: SceneViewKind) {
        viewKinds[kind.name] = kind
    }

    mutating func register(_ sceneExtension: SceneExtension) {
        extensions.append(sceneExtension)
    }

    /// Builds the scene in `yaml` into `application` (a fresh `UIApplication()` if nil): the caller chooses the
    /// application's run loop and clock.
    public func load(yaml: String, into application: UIApplication = UIApplication()) throws -> SceneApp {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: yaml) else {
                throw SceneError(path: "", message: "the scene file is empty")
            }
            root = node
        } catch let error as YamlError {
            throw SceneError(path: "", message: "YAML syntax error: \(error)")
        }
        let context = SceneBuildContext(application: application)
        try buildApplication(from: SceneValue(node: root, path: "").mapping(), context: context)
        return SceneApp(application: application, responders: context.responders, warnings: context.warnings)
    }

    public func load(contentsOf url: URL, into application: UIApplication = UIApplication()) throws -> SceneApp {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw SceneError(path: "", message: "cannot read \(url.path): \(error.localizedDescription)")
        }
        return try load(yaml: text, into: application)
    }
}
