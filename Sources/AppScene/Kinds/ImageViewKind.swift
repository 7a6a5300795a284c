import UIKitModel

/// `kind: imageView` — a `UIImageView` (non-interactive unless `userInteractionEnabled: true`).
public struct ImageViewKind: SceneViewKind {
    public init() {}
    public var name: String { "imageView" }
    public var uikitClassName: String { "UIImageView" }
    public var keys: Set<String> { ["image"] }

    public func makeView(from node: SceneMapping, context: SceneBuildContext) throws -> UIView {
        UIImageView(imageName: try node.string("image"))
    }
}
