import Foundation
import UIKitModel

extension SceneLoader {
    /// Keys every view accepts, whatever its kind.
    static let viewKeys: Set<String> = responderKeys.union([
        "kind", "frame", "hidden", "alpha", "userInteractionEnabled", "multipleTouchEnabled", "exclusiveTouch",
        "backgroundColor", "tag",
        "hitTest", "pointInsideIncludes", "subviews", "controller", "transform",
    ])

    /// A view node: `kind:` picks the class (default `view`, or the kind whose UIKit class is `class:`), then the
    /// common keys, the subviews (in order: later ones are in front) and an inline `controller:`.
    func buildView(_ value: SceneValue, context: SceneBuildContext) throws -> UIView {
        let node = try value.mapping()
        let kind = try viewKind(for: node, context: context)
        var allowed = Self.viewKeys.union(kind.keys)
        for sceneExtension in extensions { allowed.formUnion(sceneExtension.viewKeys) }
        try node.checkKeys(allowed)

        let view = try kind.makeView(from: node, context: context)
        try applyResponderKeys(from: node, to: view, context: context)
        try applyViewProperties(from: node, to: view, context: context)
        if let frame = node["frame"] { view.frame = try readFrame(frame) }
        if let transform = node["transform"] { view.transform = try readTransform(transform) }

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

    private func viewKind(for node: SceneMapping, context: SceneBuildContext) throws -> SceneViewKind {
        if let value = node["class"], let factory = context.classes.factory(try value.string()) {
            let name = try value.string()
            guard case .view(let make) = factory else {
                throw value.error("class \(name) is registered as \(factory.what), not a view")
            }
            if let kind = node["kind"] {
                throw kind.error("class \(name) is a registered Swift class: its factory makes it, so leave out kind")
            }
            return RegisteredViewKind(name: name, make: make)
        }
        if let value = node["kind"] {
            let name = try value.string()
            guard let kind = viewKinds[name] else {
                let suggestion = SceneSuggestion.closest(to: name, in: viewKinds.keys).map { "; did you mean '\($0)'?" } ?? ""
                throw value.error(
                    "unknown kind \"\(name)\"\(suggestion) (known: \(viewKinds.keys.sorted().joined(separator: ", ")))")
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
        // UIKit's isMultipleTouchEnabled and isExclusiveTouch, both false unless the scene says so (no view
        // class this model has defaults either to true; event-delivery.md §4).
        if let multiple = try node.bool("multipleTouchEnabled") { view.isMultipleTouchEnabled = multiple }
        if let exclusive = try node.bool("exclusiveTouch") { view.isExclusiveTouch = exclusive }
        if let color = try node.string("backgroundColor") { view.backgroundColor = color }
        if let tag = try node.int("tag") { view.tag = tag }
        if let hitTest = node["hitTest"] { view.hitTestOverride = try hitTest.choice(HitTestOverride.self) }
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
            node["touches"], group: ResponderOverrides.touchMethods,
            names: ["began", "moved", "ended", "cancelled"], into: responder)
        try readOverrides(
            node["motion"], group: ResponderOverrides.motionMethods,
            names: ["began", "ended", "cancelled"], into: responder)
        try readOverrides(
            node["presses"], group: ResponderOverrides.pressMethods,
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
    static func overriddenGroups(of responder: UIResponder) -> Trace.Groups {
        var groups: Trace.Groups = []
        for method in ResponderMethod.allCases where responder.overrides[method] != .inherit {
            groups.formUnion(method.traceGroup)
        }
        return groups
    }

    /// What this responder can print: its overridden event methods, actions it implements, and its class's calls.
    static func loggableGroups(of responder: UIResponder) -> Trace.Groups {
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
        _ value: SceneValue?, group: [ResponderMethod], names: [String], into responder: UIResponder
    ) throws {
        guard let value else { return }
        if case .scalar = value.node {
            responder.overrides.set(try value.choice(MethodOverride.self), for: group)
            return
        }
        let mapping = try value.mapping()
        try mapping.checkKeys(Set(names))
        for (name, method) in zip(names, group) {
            if let mode = mapping[name] { responder.overrides[method] = try mode.choice(MethodOverride.self) }
        }
    }
}

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
