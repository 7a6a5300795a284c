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
        try readOverrides(
            node["touches"], group: UIResponderOverrides.touchMethods,
            names: ["began", "moved", "ended", "cancelled"], into: responder)
        try readOverrides(
            node["motion"], group: UIResponderOverrides.motionMethods,
            names: ["began", "ended", "cancelled"], into: responder)
        try readOverrides(
            node["presses"], group: UIResponderOverrides.pressMethods,
            names: ["began", "changed", "ended", "cancelled"], into: responder)
        try applyLog(node["log"], to: responder, context: context)
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

    /// `log:` (true, false or groups). Without it, an overridden event method logs, as the scene format says
    /// of `super` and `consume` (the subclass NSLogs and calls super, or not). Groups the object has no calls
    /// of are dead declarations: warned about once the scene is built (a scroll view may be made later).
    private func applyLog(_ value: SceneValue?, to responder: UIResponder, context: SceneBuildContext) throws {
        let overridden = Self.overriddenGroups(of: responder)
        guard let value else {
            responder.logGroups = overridden
            return
        }
        responder.logGroups = try value.logGroups()
        context.mentionsLog = true
        guard value.namesLogGroups else { return }
        // Two rounds later: extensions attach recognizers in the first round after the build.
        context.afterBuild { [unowned responder] in
            context.afterBuild { [unowned responder] in
                let dead = responder.logGroups.subtracting(Self.loggableGroups(of: responder))
                for name in dead.names {
                    context.warn(value.warning("log group '\(name)': \(Self.deadGroupReason(name, responder))"))
                }
            }
        }
    }

    /// The groups of the event methods this responder overrides (`super` or `consume`).
    static func overriddenGroups(of responder: UIResponder) -> UITraceGroups {
        var groups: UITraceGroups = []
        for method in UIResponderMethod.allCases where responder.overrides[method] != .inherit {
            groups.formUnion(method.traceGroup)
        }
        return groups
    }

    /// What this responder can print: its overridden event methods, actions it implements, and its class's calls.
    static func loggableGroups(of responder: UIResponder) -> UITraceGroups {
        var groups = overriddenGroups(of: responder).union(.actions)
        if let view = responder as? UIView {
            groups.formUnion(.hitTest)
            if view.gestureRecognizers != nil { groups.formUnion(.recognizers) }
        }
        if responder is UIControl { groups.formUnion(.tracking) }
        if responder is UIScrollView { groups.formUnion(.scrolling) }
        return groups
    }

    static func deadGroupReason(_ name: String, _ responder: UIResponder) -> String {
        switch name {
        case "touches", "motion", "presses":
            return
                "\(responder.traceClassName) does not override the \(name) methods (say `\(name): super`), so nothing is printed"
        case "tracking": return "only controls have tracking calls"
        case "scrolling": return "only scroll views have touchesShouldBegin/Cancel calls"
        case "recognizers": return "no gesture recognizer is attached to this view"
        case "delegate": return "only a gesture recognizer's delegate is asked delegate questions"
        default: return "\(responder.traceClassName) has no such calls"
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
