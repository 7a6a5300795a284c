import UIKitModel

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
