import Foundation
import UIKitModel

/// The `gestureRecognizers:` key of views (protocols/scene-format.md, "Gesture recognizers"): each entry
/// makes a recognizer of a `kind`, with UIKit's properties, named actions that write trace lines, failure
/// requirements and a scripted delegate, and attaches it to the view in order.
final class GestureRecognizersSceneExtension: SceneExtension {
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

    init() {}

    var viewKeys: Set<String> { ["gestureRecognizers"] }

    func apply(to view: UIView, from node: SceneMapping, context: SceneBuildContext) throws {
        guard let entries = try node.sequence("gestureRecognizers") else { return }
        for entry in entries {
            let (recognizer, references) = try build(entry, context: context)
            view.addGestureRecognizer(recognizer)
            // `log: [recognizers]` on the view: its recognizers print their touch methods.
            if view.logGroups.contains(.recognizers) { recognizer.logGroups.formUnion(.touches) }
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
        if let log = node["log"] { recognizer.logGroups = try log.logGroups() }
        if let enabled = try node.bool("enabled") { recognizer.isEnabled = enabled }
        if let value = try node.bool("cancelsTouchesInView") { recognizer.cancelsTouchesInView = value }
        if let value = try node.bool("delaysTouchesBegan") { recognizer.delaysTouchesBegan = value }
        if let value = try node.bool("delaysTouchesEnded") { recognizer.delaysTouchesEnded = value }
        if node["action"] != nil || node["actions"] != nil || !recognizer.logGroups.isEmpty { context.printsLines = true }
        if let action = node["action"] { recognizer.addTarget(try Self.action(action)) }
        for action in try node.sequence("actions") ?? [] { recognizer.addTarget(try Self.action(action)) }

        var delegateReferences: ([String: UIGestureRecognizer]) throws -> Void = { _ in }
        if let delegateNode = try node.mapping("delegate") {
            let (delegate, resolve) = try Self.delegate(delegateNode, application: context.application)
            recognizer.ownedDelegate = delegate
            delegateReferences = resolve
        }
        let requirements = try Self.ids(node["requireToFail"])
        return (
            recognizer,
            { byID in
                for value in requirements { recognizer.require(toFail: try Self.lookup(value, in: byID)) }
                try delegateReferences(byID)
            }
        )
    }
}
