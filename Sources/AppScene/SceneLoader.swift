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
    /// Swift classes of yours that `class:` may name (`SceneClassRegistry.shared` unless given another).
    public var classes: SceneClassRegistry

    /// A loader that knows UIKitModel's built-in kinds (`view`, `imageView`, the controls, scroll, table and
    /// collection views) and the classes registered in `classes`.
    public init(classes: SceneClassRegistry = .shared) {
        self.classes = classes
        register(PlainViewKind())
        register(ImageViewKind())
        register(GestureRecognizersSceneExtension())
        for kind in ControlSceneKind.all { register(kind) }
        register(ScrollViewSceneKind())
        register(TableViewSceneKind())
        register(CollectionViewSceneKind())
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
        let context = SceneBuildContext(application: application, classes: classes)
        try buildApplication(from: SceneValue(node: root, path: "").mapping(), context: context)
        return SceneApp(application: application, responders: context.responders, warnings: context.warnings)
    }

    /// Builds the scene file at `url` as `load(yaml:into:)` does; a file that cannot be read is a `SceneError`.
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

/// An app built from a scene file: the application (windows, controllers, views wired up) and every object
/// the file named, by id.
public final class SceneApp {
    /// The application the scene was built into, with its windows, controllers and views.
    public let application: UIApplication
    /// Every responder with an id: views, windows, view controllers, `application`, the delegate.
    public let responders: [String: UIResponder]
    /// Dead declarations and a scene that logs nothing (see `SceneWarning`), in the order found.
    public let warnings: [SceneWarning]

    package init(application: UIApplication, responders: [String: UIResponder], warnings: [SceneWarning] = []) {
        self.application = application
        self.responders = responders
        self.warnings = warnings
    }

    package var bundleIdentifier: String { application.bundleIdentifier }
    package var displayName: String { application.displayName }

    /// The responder the scene file declared with `id` (a view, window, controller, `application` or the delegate).
    public func responder(_ id: String) -> UIResponder? { responders[id] }
    /// The view the scene file declared with `id`.
    public func view(_ id: String) -> UIView? { responders[id] as? UIView }
    /// The view controller the scene file declared with `id`.
    public func viewController(_ id: String) -> UIViewController? { responders[id] as? UIViewController }
}

extension SceneApp {
    /// The recognizer a scene file declared with `id` (searched in every window's view tree).
    public func gestureRecognizer(_ id: String) -> UIGestureRecognizer? {
        for window in application.windows {
            if let found = Self.recognizer(named: id, in: window) { return found }
        }
        return nil
    }

    private static func recognizer(named id: String, in view: UIView) -> UIGestureRecognizer? {
        if let found = view.gestureRecognizers?.first(where: { $0.name == id }) { return found }
        for subview in view.subviews {
            if let found = recognizer(named: id, in: subview) { return found }
        }
        return nil
    }
}

/// One value of a view's `kind:` discriminator. Later layers register more kinds (controls, scroll views,
/// table views) with `SceneLoader.register(_:)`; each names the extra keys it reads.
protocol SceneViewKind {
    /// The `kind:` value (`view`, `imageView`).
    var name: String { get }
    /// The UIKit class this kind models; a node with this `class:` and no `kind:` gets this kind.
    var uikitClassName: String { get }
    /// Keys this kind reads beyond the ones every view has.
    var keys: Set<String> { get }
    /// Creates the view and reads this kind's keys. Common keys (frame, alpha, subviews, behaviours) are applied
    /// by the loader afterwards.
    func makeView(from node: SceneMapping, context: SceneBuildContext) throws -> UIView
}

/// `kind: view` — a `UIView`.
/// A view of a class registered in `SceneClassRegistry`: its factory makes it; it reads no keys of its own.
struct RegisteredViewKind: SceneViewKind {
    var name: String
    var make: () -> UIView
    var uikitClassName: String { name }
    var keys: Set<String> { [] }

    func makeView(from node: SceneMapping, context: SceneBuildContext) throws -> UIView { make() }
}

struct PlainViewKind: SceneViewKind {
    init() {}
    var name: String { "view" }
    var uikitClassName: String { "UIView" }
    var keys: Set<String> { [] }

    func makeView(from node: SceneMapping, context: SceneBuildContext) throws -> UIView {
        UIView()
    }
}

/// `kind: imageView` — a `UIImageView` (non-interactive unless `userInteractionEnabled: true`).
struct ImageViewKind: SceneViewKind {
    init() {}
    var name: String { "imageView" }
    var uikitClassName: String { "UIImageView" }
    var keys: Set<String> { ["image"] }

    func makeView(from node: SceneMapping, context: SceneBuildContext) throws -> UIView {
        UIImageView(imageName: try node.string("image"))
    }
}

/// Keys any view may carry that a later layer understands (e.g. `gestureRecognizers:`). Extensions run after
/// the whole scene is built, so they can resolve ids of any object in the file.
protocol SceneExtension {
    /// The view keys this extension reads.
    var viewKeys: Set<String> { get }
    /// Reads this extension's keys from `node` (the view's mapping) and applies them to `view`.
    func apply(to view: UIView, from node: SceneMapping, context: SceneBuildContext) throws
}

/// A scene file that cannot be loaded: what is wrong and where, as a YAML path
/// (`windows[0].rootViewController.view.subviews[2].alpha: expected a number, found "abc"`) and a line.
public struct SceneError: Error, CustomStringConvertible, Equatable, Sendable {
    /// Dotted path from the document root; empty for the document itself.
    package var path: String
    package var message: String
    /// 1-based line in the YAML text, when known.
    public var line: Int?

    init(path: String, message: String, line: Int? = nil) {
        self.path = path
        self.message = message
        self.line = line
    }

    /// `path: message`, with the line when known: what the command-line tools print.
    public var description: String {
        path.isEmpty ? message : "\(path): \(message)"
    }
}

/// Something a scene file declares that can never show (a `log:` group the object has no calls of, an
/// action nothing sends) or a scene that prints nothing at all: loaded anyway, reported by `app-host`.
public struct SceneWarning: CustomStringConvertible, Equatable, Sendable {
    /// The YAML path, empty for the whole file.
    public var path: String
    /// What is wrong or worth saying.
    public var message: String
    /// The line in the scene file, when known.
    public var line: Int?

    /// `path: message`.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }

    /// `file:line: path: message`, as scene errors are located.
    public func located(in file: String) -> String {
        if let line { return "\(file):\(line): \(self)" }
        return "\(file): \(self)"
    }
}

extension SceneValue {
    func warning(_ message: String) -> SceneWarning {
        SceneWarning(path: path, message: message, line: line)
    }
}
