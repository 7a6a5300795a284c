import UIKitModel

extension SceneLoader {
    /// Keys every responder (view, window, controller, application, delegate) accepts.
    static let responderKeys: Set<String> = [
        "id", "class", "log", "touches", "motion", "presses", "next", "canBecomeFirstResponder", "firstResponder",
        "implements",
    ]

    /// Reads the behaviour a subclass would otherwise implement: its class name, logging, the three choices
    /// for each event method, a custom `next`, first-responder status.
    func applyResponderKeys(
        from node: SceneMapping, to responder: UIResponder, context: SceneBuildContext, defaultID: String? = nil
    ) throws {
        if let id = node["id"] {
            try context.register(responder, id: try id.string(), at: id)
            if let view = responder as? UIView { view.accessibilityIdentifier = try id.string() }
        } else if let defaultID {
            try context.register(responder, id: defaultID, at: node.value)
        }
        if let name = try node.string("class") { responder.traceClassNameOverride = name }
        if let log = try node.bool("log") { responder.logsCalls = log }
        try readOverrides(
            node["touches"], group: UIResponderOverrides.touchMethods,
            names: ["began", "moved", "ended", "cancelled"], into: responder)
        try readOverrides(
            node["motion"], group: UIResponderOverrides.motionMethods,
            names: ["began", "ended", "cancelled"], into: responder)
        try readOverrides(
            node["presses"], group: UIResponderOverrides.pressMethods,
            names: ["began", "changed", "ended", "cancelled"], into: responder)
        if let next = node["next"] {
            context.afterBuild { [unowned responder] in
                responder.nextResponderOverride = try context.responder(for: next)
            }
        }
        try applyImplements(from: node, to: responder, context: context)
        if let accepts = try node.bool("canBecomeFirstResponder") { responder.acceptsFirstResponder = accepts }
        if let first = node["firstResponder"], try first.bool() {
            if let earlier = context.firstResponderRequest {
                throw first.error("only one object can be the first responder (already: \(earlier.value.path))")
            }
            responder.acceptsFirstResponder = true
            context.firstResponderRequest = (responder, first)
        }
    }

    /// `touches: super` sets all four; `touches: {began: consume, ended: super}` sets some (others: inherit).
    private func readOverrides(
        _ value: SceneValue?, group: [UIResponderMethod], names: [String], into responder: UIResponder
    ) throws {
        guard let value else { return }
        if case .scalar = value.node {
            responder.overrides.set(try value.choice(UIMethodOverride.self), for: group)
            return
        }
        let mapping = try value.mapping()
        try mapping.checkKeys(Set(names))
        for (name, method) in zip(names, group) {
            if let mode = mapping[name] { responder.overrides[method] = try mode.choice(UIMethodOverride.self) }
        }
    }
}
