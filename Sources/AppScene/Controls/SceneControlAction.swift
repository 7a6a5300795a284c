import UIKitModel

/// One entry of a control's `actions:` — `{events: [touchUpInside], target: vc, action: "buttonTapped:",
/// log: "Button Tapped"}` — read eagerly (so errors point at the entry) and installed once ids resolve.
struct SceneControlAction {
    static let keys: Set<String> = ["events", "target", "action", "log"]

    let events: UIControl.Event
    /// nil: a nil target (the responder chain).
    let target: SceneValue?
    let action: String
    let log: String?
    let value: SceneValue

    init(_ value: SceneValue) throws {
        let node = try value.mapping()
        try node.checkKeys(Self.keys)
        self.value = value
        events = try Self.events(node.required("events"))
        action = try node.required("action").string()
        guard !action.isEmpty else { throw value.error("an action name must not be empty") }
        if let target = node["target"], !Self.isNil(target) { self.target = target } else { target = nil }
        log = try node.string("log")
        if log != nil && target == nil {
            throw value.error(
                "a nil-target action goes to whichever responder implements it: give `log` in that "
                    + "responder's `implements:`, not here")
        }
    }

    func install(on control: UIControl, context: SceneBuildContext) throws {
        guard let targetValue = target else {
            control.addTarget(nil, action: action, for: events)
            return
        }
        let receiver = try context.responder(for: targetValue)
        if let log {
            guard !receiver.responds(toAction: action) else {
                throw value.error(
                    "'\(try targetValue.string())' already implements \(action) (from `implements:` or "
                        + "another control's `log`); give its log once")
            }
            SceneActionHandler.register(action, log: log, on: receiver, application: context.application)
            context.printsLines = true
        }
        control.addTarget(receiver, action: action, for: events)
    }

    /// `touchUpInside` or `[touchDown, touchUpInside]`, by UIKit's names.
    static func events(_ value: SceneValue) throws -> UIControl.Event {
        let names: [SceneValue]
        if case .sequence = value.node { names = try value.sequence() } else { names = [value] }
        guard !names.isEmpty else { throw value.error("at least one control event is needed") }
        var events: UIControl.Event = []
        for name in names {
            guard let event = UIControl.Event(name: try name.string()) else {
                let known = UIControl.Event.namedEvents.map(\.name).joined(separator: ", ")
                throw name.mismatch("a control event (\(known))")
            }
            events.formUnion(event)
        }
        return events
    }

    /// `target: nil`, `target: null` or `target: ~` all mean the responder chain.
    static func isNil(_ value: SceneValue) -> Bool {
        guard case .scalar(let scalar) = value.node else { return false }
        return ["nil", "null", "~", ""].contains(scalar.string)
    }
}
