import UIKitModel

/// A scripted delegate's answer as a scene file writes it (protocols/scene-format.md, "Delegate answers"):
/// `true`/`false` (also `yes`/`no`, `YES`/`NO`), or rules that read like the Swift a delegate method holds:
///
/// ```yaml
/// shouldReceive:            # if touch.view?.isDescendant(of: table) == true { return false }
///   no: {inside: table}     # return true
///   else: yes
/// ```
///
/// Each `yes:`/`no:` key is one rule, tried in the order written; its value is a condition mapping (every
/// key must hold) or a list of them (any one). `else:` answers when no rule matches (default: what UIKit
/// answers when the method is not implemented). The syntax is checked when the file is read; ids are
/// resolved once every object exists.
struct DelegateAnswerSyntax {
    /// The delegate method the answer is for: which conditions make sense there.
    enum Method: String {
        case shouldReceive, shouldBegin, shouldRecognizeSimultaneously

        /// Condition keys, by the question's subject.
        var conditionKeys: Set<String> {
            let view: Set<String> = ["view", "inside", "kindOf", "insideKindOf"]
            switch self {
            case .shouldReceive: return view
            case .shouldBegin: return view.union(["locationIn", "direction", "touches"])
            case .shouldRecognizeSimultaneously: return view.union(["other", "otherKindOf"])
            }
        }

        /// UIKit's answer when the delegate does not implement the method.
        var unimplementedAnswer: Bool { self != .shouldRecognizeSimultaneously }
    }

    private enum Form {
        case constant(Bool)
        case rules([(answer: Bool, alternatives: [SceneMapping])], otherwise: Bool)
    }

    let method: Method
    private let form: Form

    init(_ method: Method, _ value: SceneValue) throws {
        self.method = method
        if case .scalar = value.node {
            form = .constant(try Self.answer(value))
            return
        }
        guard case .mapping = value.node else {
            throw value.mismatch("yes, no, or rules such as {no: {inside: table}, else: yes}")
        }
        let node = try value.mapping()
        var rules: [(answer: Bool, alternatives: [SceneMapping])] = []
        var otherwise = method.unimplementedAnswer
        for key in node.keys {
            guard let entry = node[key] else { continue }
            if key == "else" {
                otherwise = try Self.answer(entry)
                continue
            }
            guard let answer = Self.answers[key.lowercased()] else {
                throw entry.error("unknown key '\(key)' (a rule is yes: or no: with its conditions; else: answers the rest)")
            }
            let alternatives: [SceneValue]
            if case .sequence = entry.node { alternatives = try entry.sequence() } else { alternatives = [entry] }
            guard !alternatives.isEmpty else { throw entry.error("a rule needs at least one condition") }
            var mappings: [SceneMapping] = []
            for alternative in alternatives {
                let conditions = try alternative.mapping()
                try conditions.checkKeys(method.conditionKeys)
                guard !conditions.keys.isEmpty else {
                    throw alternative.error(
                        "a condition is needed (one of: \(method.conditionKeys.sorted().joined(separator: ", ")))")
                }
                try Self.checkValues(conditions)
                mappings.append(conditions)
            }
            rules.append((answer, mappings))
        }
        guard !rules.isEmpty else { throw value.error("no rule: give yes: or no: with conditions, or a plain yes or no") }
        form = .rules(rules, otherwise: otherwise)
    }

    private static let answers: [String: Bool] = ["yes": true, "true": true, "no": false, "false": false]

    private static func answer(_ value: SceneValue) throws -> Bool {
        guard let answer = answers[try value.string().lowercased()] else { throw value.mismatch("yes or no") }
        return answer
    }

    /// Checks what can be checked before the objects exist.
    private static func checkValues(_ conditions: SceneMapping) throws {
        for key in conditions.keys {
            guard let value = conditions[key] else { continue }
            switch key {
            case "direction":
                guard ["horizontal", "vertical"].contains(try value.string()) else {
                    throw value.mismatch("horizontal or vertical")
                }
            case "touches":
                guard try value.int() >= 1 else { throw value.mismatch("an integer of at least 1") }
            default:
                guard !(try value.string()).isEmpty else { throw value.error("must not be empty") }
            }
        }
    }

    /// The answer with every id resolved (views from the scene, recognizers by id).
    func answer(
        context: SceneBuildContext, recognizers: [String: UIGestureRecognizer]
    ) throws -> ScriptedGestureDelegate.Answer {
        switch form {
        case .constant(let value):
            return .constant(value)
        case .rules(let rules, let otherwise):
            return ScriptedGestureDelegate.Answer(
                rules: try rules.map { rule in
                    ScriptedGestureDelegate.Rule(
                        answer: rule.answer,
                        alternatives: try rule.alternatives.map { try conditions($0, context, recognizers) })
                },
                otherwise: otherwise)
        }
    }

    private func conditions(
        _ node: SceneMapping, _ context: SceneBuildContext, _ recognizers: [String: UIGestureRecognizer]
    ) throws -> [ScriptedGestureDelegate.Condition] {
        try node.keys.compactMap { key in
            guard let value = node[key] else { return nil }
            let text = try value.string()
            switch key {
            case "view": return .viewIs(WeakReference(try context.view(for: value)), id: text)
            case "inside": return .viewInside(WeakReference(try context.view(for: value)), id: text)
            case "kindOf": return .viewKind(text)
            case "insideKindOf": return .viewInsideKind(text)
            case "locationIn": return .locationIn(WeakReference(try context.view(for: value)), id: text)
            case "direction": return .direction(horizontal: text == "horizontal")
            case "touches": return .numberOfTouches(try value.int())
            case "other":
                return .other(WeakReference(try GestureRecognizersSceneExtension.lookup(value, in: recognizers)), id: text)
            case "otherKindOf": return .otherKind(text)
            default: return nil
            }
        }
    }
}
