import UIKitModel

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
