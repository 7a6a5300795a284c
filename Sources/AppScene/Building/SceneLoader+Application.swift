import Foundation
import UIKitModel

extension SceneLoader {
    static let rootKeys: Set<String> = ["app", "windows", "firstResponder", "onLoad", "display"]
    static let displayKeys: Set<String> = ["refreshRate", "renderDelayFrames", "immediateDispatch"]
    static let appKeys: Set<String> = [
        "bundleID", "displayName", "delegate", "class", "log", "touches", "motion", "presses", "next",
    ]
    /// Fixed ids of the two objects every scene has.
    static let applicationID = "application"
    static let defaultDelegateID = "appDelegate"

    /// Dead `implements:` entries (no control, `sendAction` override or `onLoad` step sends the action) and a
    /// scene in which nothing logs: both load, with a warning.
    func warnAboutSilence(_ root: SceneMapping, context: SceneBuildContext) {
        var sent = context.sentActions
        for case let control as UIControl in context.responders.values {
            for registration in control.registeredActions { sent.insert(registration.action) }
            if let redirect = control.actionRedirect { sent.insert(redirect.action) }
        }
        for (action, value) in context.implemented where !sent.contains(action) {
            context.warn(
                value.warning("nothing sends \(action): no control's actions, `sendAction` override or `onLoad` step names it"))
        }
        if !context.printsLines && !context.mentionsLog
            && !context.responders.values.contains(where: { !$0.logGroups.isEmpty })
        {
            context.warn(root.value.warning("nothing in this scene logs: add `log:` to the objects whose calls you want to see"))
        }
    }

    func buildApplication(from root: SceneMapping, context: SceneBuildContext) throws {
        try root.checkKeys(Self.rootKeys)
        let application = context.application
        try context.register(application, id: Self.applicationID, at: root.value)

        let delegate = AppDelegate()
        if let app = try root.mapping("app") {
            try app.checkKeys(Self.appKeys)
            application.bundleIdentifier = try app.string("bundleID") ?? application.bundleIdentifier
            application.displayName = try app.string("displayName") ?? application.displayName
            try applyResponderKeys(from: app, to: application, context: context)
            if let delegateNode = try app.mapping("delegate") {
                try delegateNode.checkKeys(Self.responderKeys)
                try applyResponderKeys(from: delegateNode, to: delegate, context: context, defaultID: Self.defaultDelegateID)
            } else {
                try context.register(delegate, id: Self.defaultDelegateID, at: app.value)
            }
        } else {
            try context.register(delegate, id: Self.defaultDelegateID, at: root.value)
        }
        application.delegate = delegate

        let windows = try root.required("windows").sequence()
        guard !windows.isEmpty else { throw root.value.error("'windows' must list at least one window") }
        var keyWindow: UIWindow?
        var built: [UIWindow] = []
        for value in windows {
            let (window, isKey) = try buildWindow(value, context: context)
            if isKey {
                if keyWindow != nil { throw value.error("only one window can be key") }
                keyWindow = window
            }
            built.append(window)
        }
        // Apps make their main window key; with no `key: true`, the first visible window is.
        (keyWindow ?? built.first(where: { !$0.isHidden }))?.makeKey()

        for (presenter, presented) in context.presentations { presenter.present(presented) }
        try context.runDeferred()
        // Registered controllers are told their view is loaded once every object of the scene exists (a
        // storyboard's controller, whose outlets are connected by then).
        for controller in context.registeredControllers { controller.sendViewDidLoadIfNeeded() }

        if let id = root["firstResponder"] {
            if context.firstResponderRequest != nil {
                throw id.error("the first responder is already chosen with 'firstResponder: true'")
            }
            let responder = try context.responder(for: id)
            responder.acceptsFirstResponder = true
            context.firstResponderRequest = (responder, id)
        }
        if let (responder, value) = context.firstResponderRequest, !responder.becomeFirstResponder() {
            throw value.error("\(responder.traceClassName) cannot become first responder")
        }
        if let steps = try root.sequence("onLoad") { try runLoadSteps(steps, context: context) }
        if let display = try root.mapping("display") { try buildDisplay(display, application: application) }
        warnAboutSilence(root, context: context)
    }
}

extension SceneLoader {
    /// `display: {refreshRate: 120, renderDelayFrames: 1}`: the app gets a display, and its events are delivered
    /// once per frame (FrameClock; docs/event-delivery.md, "The display"). `display: {immediateDispatch: true}`:
    /// no display, every event dispatched when read, even where a host gives apps one by default (`app-host serve`).
    func buildDisplay(_ node: SceneMapping, application: UIApplication) throws {
        try node.checkKeys(Self.displayKeys)
        if try node.bool("immediateDispatch") == true {
            if let other = ["refreshRate", "renderDelayFrames"].first(where: { node[$0] != nil }) {
                throw node[other]!.error("\(other) cannot go with immediateDispatch: true (no display)")
            }
            application.prefersImmediateDispatch = true
            return
        }
        let rate = try node.int("refreshRate") ?? Int(FrameClock.defaultRefreshHz)
        guard (1...1000).contains(rate) else {
            throw node["refreshRate"]!.error("refreshRate must be 1...1000 Hz, found \(rate)")
        }
        let delay = try node.int("renderDelayFrames") ?? Int(FrameClock.defaultRenderDelayFrames)
        guard (0...10).contains(delay) else {
            throw node["renderDelayFrames"]!.error("renderDelayFrames must be 0...10, found \(delay)")
        }
        _ = FrameClock(application: application, refreshHz: UInt32(rate), renderDelayFrames: UInt64(delay))
    }
}

extension SceneLoader {
    static let windowKeys: Set<String> = responderKeys.union([
        "frame", "level", "key", "visible", "rootViewController", "subviews",
        "alpha", "userInteractionEnabled", "multipleTouchEnabled", "exclusiveTouch", "backgroundColor", "tag", "hitTest",
        "pointInsideIncludes",
    ])
    /// An iPhone's screen in points, the default window frame.
    static let defaultScreen = CGRect(x: 0, y: 0, width: 390, height: 844)

    func buildWindow(_ value: SceneValue, context: SceneBuildContext) throws -> (UIWindow, isKey: Bool) {
        let node = try value.mapping()
        try node.checkKeys(Self.windowKeys)
        let window = UIWindow(frame: try node["frame"].map(readFrame) ?? Self.defaultScreen)
        context.application.addWindow(window)
        try applyResponderKeys(from: node, to: window, context: context)
        try applyViewProperties(from: node, to: window, context: context)
        if let level = node["level"] { window.windowLevel = try readLevel(level) }
        for subview in try node.sequence("subviews") ?? [] {
            window.addSubview(try buildView(subview, context: context))
        }
        if let root = try node.mapping("rootViewController") {
            window.rootViewController = try buildController(root, context: context)
        }
        let isKey = try node.bool("key") ?? false
        let isVisible = try node.bool("visible") ?? true
        if isKey && !isVisible { throw value.error("a key window must be visible") }
        window.isHidden = !isVisible
        return (window, isKey)
    }

    /// `normal`, `statusBar`, `alert` or a number.
    private func readLevel(_ value: SceneValue) throws -> UIWindow.Level {
        if let number = try? value.double() { return UIWindow.Level(CGFloat(number)) }
        switch try? value.string() {
        case "normal": return .normal
        case "statusBar": return .statusBar
        case "alert": return .alert
        default: throw value.mismatch("a number or one of normal, statusBar, alert")
        }
    }
}

extension SceneLoader {
    static let controllerKeys: Set<String> = responderKeys.union(["view", "children", "presented"])

    /// A view controller: its root view (`view:`), child controllers (their views appended to this controller's
    /// view, after its own subviews) and a presented controller (presented once every window exists).
    /// Views inside the root view that declare `controller:` become children of this controller.
    func buildController(_ node: SceneMapping, context: SceneBuildContext) throws -> UIViewController {
        try node.checkKeys(Self.controllerKeys)
        let controller = try makeController(node, context: context)
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
        let controller = try makeController(node, context: context)
        try applyResponderKeys(from: node, to: controller, context: context)
        controller.view = rootView
        context.controllerStack.last?.addChild(controller)
        return controller
    }

    /// A `UIViewController`, or the registered class `class:` names (`SceneClassRegistry`).
    private func makeController(_ node: SceneMapping, context: SceneBuildContext) throws -> UIViewController {
        guard let value = node["class"], let factory = context.classes.factory(try value.string()) else {
            return UIViewController()
        }
        guard case .controller(let make) = factory else {
            throw value.error("class \(try value.string()) is registered as \(factory.what), not a view controller")
        }
        let controller = make()
        context.registeredControllers.append(controller)
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
