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
        "class", "log", "shouldReceive", "shouldBegin", "simultaneousWith", "shouldRecognizeSimultaneously",
        "requireFailureOf",
    ]
    static let actionKeys: Set<String> = ["log", "state", "values", "applyTransform"]

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
        let kind: GestureRecognizerKind?
        let recognizer: UIGestureRecognizer
        if node["kind"] == nil, let registered = try Self.registered(node, context: context) {
            // A Swift class of the user's (SceneClassRegistry): made by its factory, configured by the common keys.
            kind = nil
            try node.checkKeys(Self.commonKeys)
            recognizer = registered
        } else {
            let kindValue = try node.required("kind")
            guard let known = GestureRecognizerKind(rawValue: try kindValue.string()) else {
                let known = GestureRecognizerKind.allCases.map(\.rawValue).joined(separator: ", ")
                throw kindValue.mismatch("one of \(known)")
            }
            kind = known
            try node.checkKeys(Self.commonKeys.union(known.keys))
            recognizer = try known.make(from: node)
        }

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
        if let action = node["action"] { recognizer.addTarget(try Self.action(action, kind: kind)) }
        for action in try node.sequence("actions") ?? [] { recognizer.addTarget(try Self.action(action, kind: kind)) }

        var delegateReferences: ([String: UIGestureRecognizer]) throws -> Void = { _ in }
        if let delegateNode = try node.mapping("delegate") {
            let (delegate, resolve) = try Self.delegate(delegateNode, context: context)
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

extension GestureRecognizersSceneExtension {
    /// The recognizer a registered `class:` makes (`SceneClassRegistry`), nil when the name is not registered;
    /// a name registered as something else is an error.
    static func registered(_ node: SceneMapping, context: SceneBuildContext) throws -> UIGestureRecognizer? {
        guard let value = node["class"], let factory = context.classes.factory(try value.string()) else { return nil }
        guard case .recognizer(let make) = factory else {
            throw value.error("class \(try value.string()) is registered as \(factory.what), not a gesture recognizer")
        }
        return make()
    }

    /// `{log: "View Taped"}`; `state: true` appends the state (`Panned changed`); `values: true` appends the
    /// recognizer's measurements (translation, scale, rotation, location); `applyTransform: true` (pinch,
    /// rotation, pan) then applies them to the view's transform and resets them, and appends the new transform.
    static func action(_ value: SceneValue, kind: GestureRecognizerKind?) throws -> GestureRecognizerAction {
        let node = try value.mapping()
        try node.checkKeys(actionKeys)
        let text = try node.required("log").string()
        let withState = try node.bool("state") ?? false
        let withValues = try node.bool("values") ?? false
        let applies = try node.bool("applyTransform") ?? false
        if applies, kind.map({ ![.pinch, .rotation, .pan].contains($0) }) ?? true, let flag = node["applyTransform"] {
            let this = kind?.rawValue ?? "a registered class"
            throw flag.error("applyTransform is for pinch, rotation and pan recognizers (this one is \(this))")
        }
        guard withState || withValues || applies else { return .log(text) }
        return .handler(text) { recognizer in
            var line = text
            if withState { line += " \(recognizer.state)" }
            if withValues { line += " " + measurements(of: recognizer) }
            if applies, let transform = applyTransform(of: recognizer) { line += " → transform \(transform.traceText)" }
            recognizer.traceRecorder?.record(line, group: "actions")
        }
    }

    /// What the action methods of Apple's "Handling pinch gestures", "Handling rotation gestures" and "Handling
    /// pan gestures" do (developer.apple.com/documentation/uikit/handling-pinch-gestures, …): fold the
    /// gesture's value into the view's transform and reset it (scale 1, rotation 0, translation zero), so the
    /// next call brings only what moved since. Pinch and rotation act about the view's centre; a pan's
    /// translation is taken in the view's own space (`translatedBy` applies it before the transform, so the
    /// view follows the finger on screen whatever its rotation or scale). Apple's samples do it in began and
    /// changed; this also does it in ended, because here a lift can carry the fingers' last movement (a
    /// script's last step is the lift itself) where a panel reports a move first — after a move-free lift the
    /// value is already reset and nothing changes. A cancelled gesture applies nothing. Returns the new
    /// transform, nil when nothing was applied.
    static func applyTransform(of recognizer: UIGestureRecognizer) -> CGAffineTransform? {
        guard let view = recognizer.view, [.began, .changed, .ended].contains(recognizer.state) else { return nil }
        switch recognizer {
        case let pinch as UIPinchGestureRecognizer:
            view.transform = view.transform.scaledBy(x: pinch.scale, y: pinch.scale)
            pinch.scale = 1
        case let rotation as UIRotationGestureRecognizer:
            view.transform = view.transform.rotated(by: rotation.rotation)
            rotation.rotation = 0
        case let pan as UIPanGestureRecognizer:
            let moved = pan.translation(in: view)
            view.transform = view.transform.translatedBy(x: moved.x, y: moved.y)
            pan.setTranslation(.zero, in: view)
        default:
            return nil
        }
        return view.transform
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
}

extension GestureRecognizersSceneExtension {
    /// A `delegate:` mapping: a scripted delegate, and the references to resolve once every recognizer exists.
    static func delegate(
        _ node: SceneMapping, context: SceneBuildContext
    ) throws -> (ScriptedGestureDelegate, ([String: UIGestureRecognizer]) throws -> Void) {
        try node.checkKeys(delegateKeys)
        let delegate = ScriptedGestureDelegate(
            traceClassName: try node.string("class") ?? "ViewController", application: context.application)
        if let log = node["log"] { delegate.logGroups = try log.logGroups() }
        let receive = try node["shouldReceive"].map { try DelegateAnswerSyntax(.shouldReceive, $0) }
        let begin = try node["shouldBegin"].map { try DelegateAnswerSyntax(.shouldBegin, $0) }
        let together = try node["shouldRecognizeSimultaneously"].map {
            try DelegateAnswerSyntax(.shouldRecognizeSimultaneously, $0)
        }
        var simultaneous: [SceneValue] = []
        if let value = node["simultaneousWith"] {
            if together != nil {
                throw value.error("say it once: simultaneousWith (ids) or shouldRecognizeSimultaneously (rules), not both")
            }
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
                if let receive { delegate.receiveAnswer = try receive.answer(context: context, recognizers: byID) }
                if let begin { delegate.beginAnswer = try begin.answer(context: context, recognizers: byID) }
                if let together {
                    delegate.simultaneousAnswer = try together.answer(context: context, recognizers: byID)
                }
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
            let suggestion = SceneSuggestion.closest(to: id, in: byID.keys).map { "; did you mean '\($0)'?" } ?? ""
            throw value.error("no gesture recognizer with id '\(id)'\(suggestion) (\(known))")
        }
        return recognizer
    }
}

/// The `kind:` of a recognizer in a scene file: which UIKit class it is and the keys only that class has.
enum GestureRecognizerKind: String, CaseIterable {
    case tap, longPress, pan, swipe, pinch, rotation
    /// `UIScreenEdgePanGestureRecognizer` (ScreenEdgePanSceneKind.swift).
    case screenEdgePan
    /// A plain `UIGestureRecognizer`: receives touches and never changes state by itself.
    case plain

    var keys: Set<String> {
        switch self {
        case .tap: return ["numberOfTapsRequired", "numberOfTouchesRequired"]
        case .longPress:
            return ["minimumPressDuration", "allowableMovement", "numberOfTouchesRequired", "numberOfTapsRequired"]
        case .pan: return ["minimumNumberOfTouches", "maximumNumberOfTouches"]
        case .swipe: return ["direction", "numberOfTouchesRequired"]
        case .screenEdgePan: return ["edges"]
        case .pinch, .rotation, .plain: return []
        }
    }

    /// Makes the recognizer and applies this kind's keys.
    func make(from node: SceneMapping) throws -> UIGestureRecognizer {
        switch self {
        case .tap:
            let tap = UITapGestureRecognizer()
            if let taps = try positive(node, "numberOfTapsRequired") { tap.numberOfTapsRequired = taps }
            if let touches = try positive(node, "numberOfTouchesRequired") { tap.numberOfTouchesRequired = touches }
            return tap
        case .longPress:
            let press = UILongPressGestureRecognizer()
            if let value = node["minimumPressDuration"] { press.minimumPressDuration = try nonNegative(value) }
            if let value = node["allowableMovement"] { press.allowableMovement = CGFloat(try nonNegative(value)) }
            if let touches = try positive(node, "numberOfTouchesRequired") { press.numberOfTouchesRequired = touches }
            if let value = node["numberOfTapsRequired"] {
                let taps = try value.int()
                guard taps >= 0 else { throw value.mismatch("an integer of at least 0") }
                press.numberOfTapsRequired = taps
            }
            return press
        case .pan:
            let pan = UIPanGestureRecognizer()
            if let minimum = try positive(node, "minimumNumberOfTouches") { pan.minimumNumberOfTouches = minimum }
            if let maximum = try positive(node, "maximumNumberOfTouches") { pan.maximumNumberOfTouches = maximum }
            if pan.maximumNumberOfTouches < pan.minimumNumberOfTouches, let value = node["maximumNumberOfTouches"] {
                throw value.error("maximumNumberOfTouches must be at least minimumNumberOfTouches")
            }
            return pan
        case .swipe:
            let swipe = UISwipeGestureRecognizer()
            if let value = node["direction"] { swipe.direction = try direction(value) }
            if let touches = try positive(node, "numberOfTouchesRequired") { swipe.numberOfTouchesRequired = touches }
            return swipe
        case .screenEdgePan: return try Self.makeScreenEdgePan(from: node)
        case .pinch: return UIPinchGestureRecognizer()
        case .rotation: return UIRotationGestureRecognizer()
        case .plain: return UIGestureRecognizer()
        }
    }

    /// UIKit's class name, the default `class:` printed in traces.
    var uikitClassName: String {
        switch self {
        case .tap: return "UITapGestureRecognizer"
        case .longPress: return "UILongPressGestureRecognizer"
        case .pan: return "UIPanGestureRecognizer"
        case .swipe: return "UISwipeGestureRecognizer"
        case .screenEdgePan: return "UIScreenEdgePanGestureRecognizer"
        case .pinch: return "UIPinchGestureRecognizer"
        case .rotation: return "UIRotationGestureRecognizer"
        case .plain: return "UIGestureRecognizer"
        }
    }

    private func positive(_ node: SceneMapping, _ key: String) throws -> Int? {
        guard let value = node[key] else { return nil }
        let number = try value.int()
        guard number >= 1 else { throw value.mismatch("an integer of at least 1") }
        return number
    }

    private func nonNegative(_ value: SceneValue) throws -> Double {
        let number = try value.double()
        guard number >= 0 else { throw value.mismatch("a number of at least 0") }
        return number
    }

    /// `right`, or a list `[left, right]`.
    private func direction(_ value: SceneValue) throws -> UISwipeGestureRecognizer.Direction {
        let names: [String: UISwipeGestureRecognizer.Direction] = ["right": .right, "left": .left, "up": .up, "down": .down]
        let items: [SceneValue]
        if case .sequence = value.node { items = try value.sequence() } else { items = [value] }
        var direction: UISwipeGestureRecognizer.Direction = []
        for item in items {
            guard let one = names[try item.string()] else { throw item.mismatch("one of down, left, right, up") }
            direction.insert(one)
        }
        guard !direction.isEmpty else { throw value.mismatch("at least one direction") }
        return direction
    }
}
