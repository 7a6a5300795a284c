import UIKitModel

/// `kind: view` — a `UIView`.
public struct PlainViewKind: SceneViewKind {
    public init() {}
    public var name: String { "view" }
    public var uikitClassName: String { "UIView" }
    public var keys: Set<String> { [] }

    public func makeView(from node: SceneMapping, context: SceneBuildContext) throws -> UIView {
        UIView()
    }
}
