import UIKitModel

extension SceneLoader {
    static let controllerKeys: Set<String> = responderKeys.union(["view", "children", "presented"])

    /// A view controller: its root view (`view:`), child controllers (their views appended to this controller's
    /// view, after its own subviews) and a presented controller (presented once every window exists).
    /// Views inside the root view that declare `controller:` become children of this controller.
    func buildController(_ node: SceneMapping, context: SceneBuildContext) throws -> UIViewController {
        try node.checkKeys(Self.controllerKeys)
        let controller = UIViewController()
        try applyResponderKeys(from: node, to: controller, context: context)
        context.controllerStack.append(controller)
        defer { context.controllerStack.removeLast() }
        if let view = node["view"] {
            controller.view = try buildView(view, context: context)
        }
        try finishController(controller, from: node, context: context)
        return controller
    }

    /// A controller declared on its root view (`controller:` inside a view): no `view:` key. The caller builds
    /// the view's subviews with this controller on the stack, then calls `finishController`.
    func makeInlineController(_ node: SceneMapping, rootView: UIView, context: SceneBuildContext) throws -> UIViewController {
        try node.checkKeys(Self.controllerKeys.subtracting(["view"]))
        let controller = UIViewController()
        try applyResponderKeys(from: node, to: controller, context: context)
        controller.view = rootView
        context.controllerStack.last?.addChild(controller)
        return controller
    }

    func finishController(_ controller: UIViewController, from node: SceneMapping, context: SceneBuildContext) throws {
        for child in try node.sequence("children") ?? [] {
            let childController = try buildController(try child.mapping(), context: context)
            controller.addChild(childController)
            controller.view.addSubview(childController.view)
        }
        if let presented = try node.mapping("presented") {
            let presentedController = try buildController(presented, context: context)
            context.presentations.append((controller, presentedController))
        }
    }
}
