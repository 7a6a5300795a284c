import Foundation

// The answers a scripted delegate gives, as data: a constant, or the body of a real delegate method — a few
// `if <condition> { return NO }` lines and a final `return YES`. The conditions are the ones iOS code writes
// in these methods: the touch's view is, or is inside, a given view or an instance of a class
// (`touch.view is UIControl`, `touch.view?.isDescendant(of: tableView)`), where the recognizer is, which way
// a pan goes, which other recognizer asks (developer.apple.com/documentation/uikit/uigesturerecognizerdelegate).

extension ScriptedGestureDelegate {
    /// One delegate method's answer: the first rule that matches answers; `otherwise` when none does.
    package struct Answer: Sendable {
        package var rules: [Rule]
        package var otherwise: Bool

        package init(rules: [Rule] = [], otherwise: Bool) {
            self.rules = rules
            self.otherwise = otherwise
        }

        /// A constant answer (the trace gives no reason: there is no condition to name).
        package static func constant(_ value: Bool) -> Answer { Answer(otherwise: value) }

        /// The answer to `question` and, for rules, why: the matched condition, or `else`.
        func evaluate(_ question: Question) -> (answer: Bool, reason: String?) {
            for rule in rules {
                if let matched = rule.match(question) { return (rule.answer, matched) }
            }
            return (otherwise, rules.isEmpty ? nil : "else")
        }
    }

    /// `answer` when any of `alternatives` holds; an alternative holds when all of its conditions do.
    package struct Rule: Sendable {
        package var answer: Bool
        package var alternatives: [[Condition]]

        package init(answer: Bool, alternatives: [[Condition]]) {
            self.answer = answer
            self.alternatives = alternatives
        }

        /// The matched alternative's conditions as Swift-like text, or nil when none holds.
        func match(_ question: Question) -> String? {
            for conditions in alternatives {
                var texts: [String] = []
                for condition in conditions {
                    guard let text = condition.holds(for: question) else { break }
                    texts.append(text)
                }
                if texts.count == conditions.count { return texts.joined(separator: " && ") }
            }
            return nil
        }
    }

    /// One condition. View conditions are about the question's subject view: the touch's view
    /// (`shouldReceive`), the view of the recognizer's first touch (`shouldBegin`), or the other recognizer's
    /// view (`shouldRecognizeSimultaneously`). Views and recognizers are held weakly (the recognizer owning
    /// the delegate may sit on one of them); `id` is the scene's name for them, printed in reasons.
    package enum Condition: @unchecked Sendable {
        /// `touch.view === view`.
        case viewIs(WeakReference<UIView>, id: String)
        /// `touch.view.isDescendant(of: view)` (true for the view itself, as in UIKit).
        case viewInside(WeakReference<UIView>, id: String)
        /// `touch.view is ClassName`: the declared class or any UIKit class it inherits from.
        case viewKind(String)
        /// The view or one of its ancestors is a `ClassName`.
        case viewInsideKind(String)
        /// `shouldBegin`: `view.bounds.contains(gestureRecognizer.location(in: view))`.
        case locationIn(WeakReference<UIView>, id: String)
        /// `shouldBegin`: the velocity's larger component is along x (`horizontal`) or y.
        case direction(horizontal: Bool)
        /// `shouldBegin`: `numberOfTouches == n`.
        case numberOfTouches(Int)
        /// `shouldRecognizeSimultaneously`: `otherGestureRecognizer === recognizer`.
        case other(WeakReference<UIGestureRecognizer>, id: String)
        /// `shouldRecognizeSimultaneously`: `otherGestureRecognizer is ClassName`.
        case otherKind(String)

        /// The condition as Swift-like text with what was found, when it holds; nil when it does not.
        func holds(for question: Question) -> String? {
            let subject = question.subjectName
            let view = question.subjectView
            let found = view.map { " (\($0.traceClassName))" } ?? " (nil)"
            switch self {
            case .viewIs(let target, let id):
                guard let view, view === target.object else { return nil }
                return "\(subject)\(found) === \(id)"
            case .viewInside(let target, let id):
                guard let view, let target = target.object, view.isDescendant(of: target) else { return nil }
                return "\(subject)\(found) isDescendant(of: \(id))"
            case .viewKind(let name):
                guard let view, view.isKind(ofClassNamed: name) else { return nil }
                return "\(subject)\(found) is \(name)"
            case .viewInsideKind(let name):
                guard let view,
                    let match = sequence(first: view, next: \.superview).first(where: { $0.isKind(ofClassNamed: name) })
                else { return nil }
                return "\(subject)\(found) is inside a \(name)" + (match === view ? " (itself)" : "")
            case .locationIn(let target, let id):
                guard let target = target.object else { return nil }
                let point = question.recognizer.location(in: target)
                guard target.bounds.contains(point) else { return nil }
                return "location(in: \(id)) \(Trace.Point(point).description) is inside \(id)"
            case .direction(let horizontal):
                guard let pan = question.recognizer as? UIPanGestureRecognizer else { return nil }
                let velocity = pan.velocity(in: nil)
                guard (abs(velocity.x) > abs(velocity.y)) == horizontal else { return nil }
                return "velocity \(Trace.Point(velocity).description) is \(horizontal ? "horizontal" : "vertical")"
            case .numberOfTouches(let count):
                guard question.recognizer.numberOfTouches == count else { return nil }
                return "numberOfTouches == \(count)"
            case .other(let target, let id):
                guard let other = question.other, other === target.object else { return nil }
                return "otherGestureRecognizer === \(id)"
            case .otherKind(let name):
                guard let other = question.other, other.isKind(ofClassNamed: name) else { return nil }
                return "otherGestureRecognizer (\(other.traceClassName)) is \(name)"
            }
        }
    }

    /// What a delegate method is asked about.
    struct Question {
        let recognizer: UIGestureRecognizer
        /// The view the view conditions look at.
        let subjectView: UIView?
        /// How that view is named in reasons (`touch.view`, `otherGestureRecognizer.view`).
        let subjectName: String
        var other: UIGestureRecognizer?
    }
}

/// A weak reference (a scripted delegate's conditions must not keep views or recognizers alive).
package struct WeakReference<Object: AnyObject>: @unchecked Sendable {
    package weak var object: Object?

    package init(_ object: Object) {
        self.object = object
    }
}

extension Traceable {
    /// `object is ClassName`: the declared class (a scene's `class: PuzzleCell`) or any UIKit class it inherits
    /// from (`UITableViewCell`, `UIView`, `UIResponder`). The model's own helper subclasses are not UIKit's
    /// names and are skipped.
    func isKind(ofClassNamed name: String) -> Bool {
        if traceClassName == name { return true }
        var mirror: Mirror? = Mirror(reflecting: self)
        while let current = mirror {
            let typeName = String(describing: current.subjectType)
            if typeName == name && typeName.hasPrefix("UI") { return true }
            mirror = current.superclassMirror
        }
        return false
    }
}
