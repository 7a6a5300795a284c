import Foundation
import UIKitModel

extension SceneLoader {
    /// Keys every view accepts, whatever its kind.
    static let viewKeys: Set<String> = responderKeys.union([
        "kind", "frame", "hidden", "alpha", "userInteractionEnabled", "backgroundColor", "tag",
        "hitTest", "pointInsideIncludes", "subviews", "controller",
    ])

    /// A view node: `kind:` picks the class (default `view`, or the kind whose UIKit class is `class:`), then the
    /// common keys, the subviews (in order: later ones are in front) and an inline `controller:`.
    func buildView(_ value: SceneValue, context: SceneBuildContext) throws -> UIView {
        let node = try value.mapping()
        let kind = try viewKind(for: node)
        var allowed = Self.viewKeys.union(kind.keys)
        for sceneExtension in extensions { allowed.formUnion(sceneExtension.viewKeys) }
        try node.checkKeys(allowed)

        let view = try kind.makeView(from: node, context: context)
        try applyResponderKeys(from: node, to: view, context: context)
        try applyViewProperties(from: node, to: view, context: context)
        if let frame = node["frame"] { view.frame = try readFrame(frame) }

        var inlineController: UIViewController?
        if let controllerNode = try node.mapping("controller") {
            let controller = try makeInlineController(controllerNode, rootView: view, context: context)
            context.controllerStack.append(controller)
            inlineController = controller
        }
        for subview in try node.sequence("subviews") ?? [] {
            view.addSubview(try buildView(subview, context: context))
        }
        if let controller = inlineController, let controllerNode = try node.mapping("controller") {
            context.controllerStack.removeLast()
            try finishController(controller, from: controllerNode, context: context)
        }
        for sceneExtension in extensions where sceneExtension.viewKeys.contains(where: node.contains) {
            context.afterBuild { [unowned view] in try sceneExtension.apply(to: view, from: node, context: context) }
        }
        return view
    }

    private func viewKind(for node: SceneMapping) throws -> SceneViewKind {
        if let value = node["kind"] {
            let name = try value.string()
            guard let kind = viewKinds[name] else {
                throw value.error("unknown kind \"\(name)\" (known: \(viewKinds.keys.sorted().joined(separator: ", ")))")
            }
            return kind
        }
        if let className = try node.string("class"),
            let kind = viewKinds.values.first(where: { $0.uikitClassName == className })
        {
            return kind
        }
        return viewKinds["view"] ?? PlainViewKind()
    }

    /// Properties shared by views and windows.
    func applyViewProperties(from node: SceneMapping, to view: UIView, context: SceneBuildContext) throws {
        if let hidden = try node.bool("hidden") { view.isHidden = hidden }
        if let alpha = node["alpha"] {
            let number = try alpha.double()
            guard (0...1).contains(number) else { throw alpha.mismatch("a number from 0 to 1") }
            view.alpha = CGFloat(number)
        }
        if let enabled = try node.bool("userInteractionEnabled") { view.isUserInteractionEnabled = enabled }
        if let color = try node.string("backgroundColor") { view.backgroundColor = color }
        if let tag = try node.int("tag") { view.tag = tag }
        if let hitTest = node["hitTest"] { view.hitTestOverride = try hitTest.choice(UIHitTestOverride.self) }
        if let includes = try node.sequence("pointInsideIncludes") {
            context.afterBuild { [unowned view] in
                view.pointInsideIncludes = try includes.map { value in
                    let included = try context.view(for: value)
                    guard included !== view, included.isDescendant(of: view) else {
                        throw value.error("'\(try value.string())' is not a subview of this view")
                    }
                    return included
                }
            }
        }
    }

    /// `[x, y, width, height]` or `{x:, y:, width:, height:}`.
    func readFrame(_ value: SceneValue) throws -> CGRect {
        if case .sequence = value.node {
            let n = try value.numbers(count: 4, expected: "[x, y, width, height]")
            return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
        }
        let mapping = try value.mapping()
        try mapping.checkKeys(["x", "y", "width", "height"])
        return CGRect(
            x: try mapping.double("x") ?? 0, y: try mapping.double("y") ?? 0,
            width: try mapping.required("width").double(), height: try mapping.required("height").double())
    }
}
