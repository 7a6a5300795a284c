import UIKitModel

extension GestureRecognizersSceneExtension {
    /// A `delegate:` mapping: a scripted delegate, and the references to resolve once every recognizer exists.
    static func delegate(
        _ node: SceneMapping, application: UIApplication
    ) throws -> (UIScriptedGestureDelegate, ([String: UIGestureRecognizer]) throws -> Void) {
        try node.checkKeys(delegateKeys)
        let delegate = UIScriptedGestureDelegate(
            traceClassName: try node.string("class") ?? "ViewController", application: application)
        if let log = node["log"] { delegate.logGroups = try log.logGroups() }
        if let value = try node.bool("shouldReceive") { delegate.shouldReceive = value }
        if let value = try node.bool("shouldBegin") { delegate.shouldBegin = value }
        var simultaneous: [SceneValue] = []
        if let value = node["simultaneousWith"] {
            if case .scalar = value.node, try value.string() == "all" {
                delegate.simultaneousWithAll = true
            } else {
                simultaneous = try ids(value)
            }
        }
        let failures = try ids(node["requireFailureOf"])
        return (
            delegate,
            { byID in
                delegate.simultaneousWith = try simultaneous.map { try lookup($0, in: byID) }
                delegate.requiresFailureOf = try failures.map { try lookup($0, in: byID) }
            }
        )
    }

    /// One id or a list of ids.
    static func ids(_ value: SceneValue?) throws -> [SceneValue] {
        guard let value else { return [] }
        if case .sequence = value.node { return try value.sequence() }
        return [value]
    }

    static func lookup(_ value: SceneValue, in byID: [String: UIGestureRecognizer]) throws -> UIGestureRecognizer {
        let id = try value.string()
        guard let recognizer = byID[id] else {
            let known = byID.isEmpty ? "no recognizer has an id" : "recognizer ids: " + byID.keys.sorted().joined(separator: ", ")
            throw value.error("no gesture recognizer with id '\(id)' (\(known))")
        }
        return recognizer
    }
}
