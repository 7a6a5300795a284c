import UIKitModel

extension SceneLoader {
    static let rootKeys: Set<String> = ["app", "windows", "firstResponder", "onLoad"]
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
        warnAboutSilence(root, context: context)
    }
}
