import UIKitModel

extension SceneLoader {
    static let loadStepKeys: Set<String> = ["sendActions", "events", "becomeFirstResponder", "sendAction", "target"]

    /// `onLoad:` — what a view controller's `viewDidLoad` would do once everything exists, in order:
    /// `{sendActions: button, events: touchUpInside}` (UIControl's `sendActions(for:)`, no touch),
    /// `{becomeFirstResponder: field}`, `{sendAction: "save:", target: vc}` (UIApplication's `sendAction`, a nil
    /// or missing target walks the responder chain from the first responder).
    func runLoadSteps(_ steps: [SceneValue], context: SceneBuildContext) throws {
        for step in steps {
            let node = try step.mapping()
            try node.checkKeys(Self.loadStepKeys)
            if let control = node["sendActions"] {
                try node.checkKeys(["sendActions", "events"])
                let events = try SceneControlAction.events(node.required("events"))
                try Self.control(for: control, context: context).sendActions(for: events)
            } else if let id = node["becomeFirstResponder"] {
                try node.checkKeys(["becomeFirstResponder"])
                let responder = try context.responder(for: id)
                responder.acceptsFirstResponder = true
                guard responder.becomeFirstResponder() else {
                    throw id.error("\(responder.traceClassName) cannot become first responder")
                }
            } else if let action = node["sendAction"] {
                try node.checkKeys(["sendAction", "target"])
                let name = try action.string()
                let target = try node["target"].flatMap { SceneControlAction.isNil($0) ? nil : try context.responder(for: $0) }
                context.sentActions.insert(name)
                context.application.sendAction(name, to: target, from: nil, for: nil)
            } else {
                throw step.error("expected one of sendActions, becomeFirstResponder, sendAction")
            }
        }
    }

    static func control(for value: SceneValue, context: SceneBuildContext) throws -> UIControl {
        guard let control = try context.responder(for: value) as? UIControl else {
            throw value.error("'\(try value.string())' is not a control")
        }
        return control
    }
}
