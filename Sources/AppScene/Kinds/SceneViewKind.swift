import UIKitModel

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
