import Foundation
import UIKitModel

/// Swift classes of yours under the names scene files give them in `class:`: a view, a gesture recognizer or a
/// view controller whose `class:` is registered is made by its factory, and then configured by the scene's
/// keys as a built-in one would be (frame, subviews, `log:`, ids, `gestureRecognizers:`, ...).
///
/// Register before loading (an app-host executable of yours does it first thing, then calls
/// `AppHostCommand.main()`):
///
/// ```swift
/// SceneClassRegistry.register(WideHitView.self) { WideHitView() }
/// SceneClassRegistry.register(TwoFingerTapRecognizer.self) { TwoFingerTapRecognizer() }
/// ```
///
/// Swift cannot create an instance from a metatype without a `required` initializer, and UIKit's
/// initializers are not required, so each class comes with its factory. A name not registered keeps its
/// meaning in scene files: a built-in kind's UIKit class (`UIButton`), or the name a plain object prints.
public final class SceneClassRegistry: @unchecked Sendable {
    /// The registry `SceneLoader()` consults unless given another.
    public static let shared = SceneClassRegistry()

    /// What a registered name makes.
    enum Factory {
        case view(() -> UIView)
        case recognizer(() -> UIGestureRecognizer)
        case controller(() -> UIViewController)

        var what: String {
            switch self {
            case .view: "a view"
            case .recognizer: "a gesture recognizer"
            case .controller: "a view controller"
            }
        }
    }

    // Registration happens before loading, but a test target may register from parallel tests: a lock, not
    // an actor, since loading is synchronous.
    private let lock = NSLock()
    private var factories: [String: Factory] = [:]

    /// An empty registry (tests that want their own; `shared` is the usual one).
    public init() {}

    /// Registers a `UIView` subclass: a scene view whose `class:` is `name` (default: the Swift class name) is
    /// made by `make`.
    public func register<View: UIView>(_ type: View.Type, as name: String? = nil, make: @escaping () -> View) {
        store(name ?? Self.name(of: type), .view(make))
    }

    /// Registers a `UIGestureRecognizer` subclass for a `gestureRecognizers:` entry's `class:` (with no `kind:`).
    public func register<Recognizer: UIGestureRecognizer>(
        _ type: Recognizer.Type, as name: String? = nil, make: @escaping () -> Recognizer
    ) {
        store(name ?? Self.name(of: type), .recognizer(make))
    }

    /// Registers a `UIViewController` subclass for a controller's `class:`; the loader calls its
    /// `viewDidLoad()` once the whole scene is built.
    public func register<Controller: UIViewController>(
        _ type: Controller.Type, as name: String? = nil, make: @escaping () -> Controller
    ) {
        store(name ?? Self.name(of: type), .controller(make))
    }

    /// `register(_:as:make:)` on `shared`.
    public static func register<View: UIView>(_ type: View.Type, as name: String? = nil, make: @escaping () -> View) {
        shared.register(type, as: name, make: make)
    }

    /// `register(_:as:make:)` on `shared`.
    public static func register<Recognizer: UIGestureRecognizer>(
        _ type: Recognizer.Type, as name: String? = nil, make: @escaping () -> Recognizer
    ) {
        shared.register(type, as: name, make: make)
    }

    /// `register(_:as:make:)` on `shared`.
    public static func register<Controller: UIViewController>(
        _ type: Controller.Type, as name: String? = nil, make: @escaping () -> Controller
    ) {
        shared.register(type, as: name, make: make)
    }

    /// The registered names, sorted.
    public var names: [String] {
        lock.withLock { factories.keys.sorted() }
    }

    /// Forgets `name` (a test that registered it).
    public func unregister(_ name: String) {
        lock.withLock { factories[name] = nil }
    }

    func factory(_ name: String) -> Factory? {
        lock.withLock { factories[name] }
    }

    private func store(_ name: String, _ factory: Factory) {
        lock.withLock { factories[name] = factory }
    }

    /// `WideHitView`, not `MyApp.WideHitView`: the name a trace prints for the class.
    private static func name(of type: AnyClass) -> String { String(describing: type) }
}
