import UIKitModel

extension SceneLoader {
    /// `implements: [{action: "buttonTapped:", log: "Button Tapped"}]` on any responder: the action methods it
    /// has, so nil-target actions walking the responder chain find it (scene-format.md, "Controls").
    func applyImplements(from node: SceneMapping, to responder: UIResponder, context: SceneBuildContext) throws {
        guard let entries = try node.sequence("implements") else { return }
        for entry in entries {
            let mapping = try entry.mapping()
            try mapping.checkKeys(["action", "log"])
            let action = try mapping.required("action").string()
            guard !action.isEmpty else { throw entry.error("an action name must not be empty") }
            guard !responder.responds(toAction: action) else { throw entry.error("\(action) is implemented twice") }
            context.implemented.append((action, entry))
            context.printsLines = true
            SceneActionHandler.register(
                action, log: try mapping.required("log").string(), on: responder,
                application: context.application)
        }
    }
}
