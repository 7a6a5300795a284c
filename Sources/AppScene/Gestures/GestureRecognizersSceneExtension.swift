import Foundation
import UIKitModel

/// The `gestureRecognizers:` key of views (protocols/scene-format.md, "Gesture recognizers"): each entry
/// makes a recognizer of a `kind`, with UIKit's properties, named actions that write trace lines, failure
/// requirements and a scripted delegate, and attaches it to the view in order.
public final class GestureRecognizersSceneExtension: SceneExtension {
    static let commonKeys: Set<String> = [
        "id", "kind", "class", "log", "action", "actions", "enabled", "cancelsTouchesInView",
        "delaysTouchesBegan", "delaysTouchesEnded", "requireToFail", "delegate",
    ]
    static let delegateKeys: Set<String> = [
        "class", "log", "shouldReceive", "shouldBegin", "simultaneousWith", "requireFailureOf",
    ]
    static let actionKeys: Set<String> = ["log", "state", "values"]

    /// Recognizers by id while a file is being built (references may point at recognizers of views built later).
    private var loading: [ObjectIdentifier: [String: UIGestureRecognizer]] = [:]

    public init() {}

    public var viewKeys: Set<String> { ["gestureRecognizers"] }

    public func apply(to view: UIView, from node: SceneMapping, context: SceneBuildContext) throws {
        guard let entries = try node.sequence("gestureRecognizers") else { return }
        for entry in entries {
            let (recognizer, references) = try build(entry, context: context)
            view.addGestureRecognizer(recognizer)
            // References are resolved once every view's recognizers exist (the next deferred round).
            context.afterBuild { [unowned self] in
                try references(self.loading[ObjectIdentifier(context)] ?? [:])
                context.afterBuild { [weak self] in self?.loading[ObjectIdentifier(context)] = nil }
            }
        }
    }

    private func build(
        _ entry: SceneValue, context: SceneBuildContext
    ) throws -> (UIGestureRecognizer, ([String: UIGestureRecognizer]) throws -> Void) {
        let node = try entry.mapping()
        let kindValue = try node.required("kind")
        guard let kind = GestureRecognizerKind(rawValue: try kindValue.string()) else {
            let known = GestureRecognizerKind.allCases.map(\.rawValue).joined(separator: ", ")
            throw kindValue.mismatch("one of \(known)")
        }
        try node.checkKeys(Self.commonKeys.union(kind.keys))
        let recognizer = try kind.make(from: node)

        if let idValue = node["id"] {
            let id = try idValue.string()
            guard !id.isEmpty else { throw idValue.error("an id must not be empty") }
            let key = ObjectIdentifier(context)
            if loading[key]?[id] != nil || context.responders[id] != nil { throw idValue.error("duplicate id '\(id)'") }
            loading[key, default: [:]][id] = recognizer
            recognizer.name = id
        }
        if let name = try node.string("class") { recognizer.traceClassNameOverride = name }
        if let log = try node.bool("log") { recognizer.logsCalls = log }
        if let enabled = try node.bool("enabled") { recognizer.isEnabled = enabled }
        if let value = try node.bool("cancelsTouchesInView") { recognizer.cancelsTouchesInView = value }
        if let value = try node.bool("delaysTouchesBegan") { recognizer.delaysTouchesBegan = value }
        if let value = try node.bool("delaysTouchesEnded") { recognizer.delaysTouchesEnded = value }
        if let action = node["action"] { recognizer.addTarget(try Self.action(action)) }
        for action in try node.sequence("actions") ?? [] { recognizer.addTarget(try Self.action(action)) }

        var delegateReferences: ([String: UIGestureRecognizer]) throws -> Void = { _ in }
        if let delegateNode = try node.mapping("delegate") {
            let (delegate, resolve) = try Self.delegate(delegateNode, application: context.application)
            recognizer.ownedDelegate = delegate
            delegateReferences = resolve
        }
        let requirements = try Self.ids(node["requireToFail"])
        return (recognizer, { byID in
            for value in requirements { recognizer.require(toFail: try Self.lookup(value, in: byID)) }
            try delegateReferences(byID)
        })
    }

    /// `{log: "View Taped"}`; `state: true` appends the state (`Panned changed`); `values: true` appends the
    /// recognizer's measurements (translation, scale, rotation, location).
    static func action(_ value: SceneValue) throws -> UIGestureRecognizerAction {
        let node = try value.mapping()
        try node.checkKeys(actionKeys)
        let text = try node.required("log").string()
        let withState = try node.bool("state") ?? false
        let withValues = try node.bool("values") ?? false
        guard withState || withValues else { return .log(text) }
        return .handler(text) { recognizer in
            var line = text
            if withState { line += " \(recognizer.state)" }
            if withValues { line += " " + measurements(of: recognizer) }
            recognizer.traceRecorder?.record(line)
        }
    }

    static func measurements(of recognizer: UIGestureRecognizer) -> String {
        switch recognizer {
        case let pan as UIPanGestureRecognizer:
            let t = pan.translation(in: nil), v = pan.velocity(in: nil)
            return String(format: "translation=(%g, %g) velocity=(%g, %g)", t.x, t.y, v.x, v.y)
        case let pinch as UIPinchGestureRecognizer:
            return String(format: "scale=%.3f velocity=%.3f", pinch.scale, pinch.velocity)
        case let rotation as UIRotationGestureRecognizer:
            return String(format: "rotation=%.4f velocity=%.3f", rotation.rotation, rotation.velocity)
        default:
            let p = recognizer.location(in: nil)
            return String(format: "location=(%g, %g) touches=%d", p.x, p.y, recognizer.numberOfTouches)
        }
    }

    static func delegate(
        _ node: SceneMapping, application: UIApplication
    ) throws -> (UIScriptedGestureDelegate, ([String: UIGestureRecognizer]) throws -> Void) {
        try node.checkKeys(delegateKeys)
        let delegate = UIScriptedGestureDelegate(
            traceClassName: try node.string("class") ?? "ViewController", application: application)
        if let log = try node.bool("log") { delegate.logsCalls = log }
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
        return (delegate, { byID in
            delegate.simultaneousWith = try simultaneous.map { try lookup($0, in: byID) }
            delegate.requiresFailureOf = try failures.map { try lookup($0, in: byID) }
        })
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
            let known = byID.keys.sorted().joined(separator: ", ")
            throw value.error("no gesture recognizer with id '\(id)' (recognizer ids: \(known))")
        }
        return recognizer
    }
}
