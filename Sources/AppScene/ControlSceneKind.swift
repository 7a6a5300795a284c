import Foundation
import UIKitModel

/// The `kind:` values for controls (protocols/scene-format.md, "Controls"): `button`, `switch`, `slider`,
/// `segmentedControl`, `stepper`, `pageControl`, and `control` (a custom UIControl subclass, which gets no
/// precedence over gesture recognizers). Each reads its own keys plus `enabled`, `selected` and `actions`.
struct ControlSceneKind: SceneViewKind, Sendable {
    let name: String
    let uikitClassName: String
    private let ownKeys: Set<String>
    /// Sendable so the kinds can be shared constants (`all`): each call makes a new control.
    private let make: @Sendable (SceneMapping) throws -> UIControl

    static let commonKeys: Set<String> = ["enabled", "selected", "actions", "sendAction"]

    var keys: Set<String> { ownKeys.union(Self.commonKeys) }

    init(name: String, uikitClassName: String, keys: Set<String>, make: @escaping @Sendable (SceneMapping) throws -> UIControl) {
        self.name = name
        self.uikitClassName = uikitClassName
        self.ownKeys = keys
        self.make = make
    }

    func makeView(from node: SceneMapping, context: SceneBuildContext) throws -> UIView {
        let control = try make(node)
        if let enabled = try node.bool("enabled") { control.isEnabled = enabled }
        if let selected = try node.bool("selected") { control.isSelected = selected }
        if let actions = try node.sequence("actions") {
            let entries = try actions.map(SceneControlAction.init)
            // Targets may be declared anywhere in the file: resolve them once every object exists.
            context.afterBuild { [unowned control] in
                for entry in entries { try entry.install(on: control, context: context) }
            }
        }
        if let redirect = try node.mapping("sendAction") { try Self.redirect(redirect, of: control, context: context) }
        return control
    }

    /// `sendAction: {target: vc, action: "handle:"}`: the `sendAction(_:to:for:)` override that sends every
    /// action of this control to `action` of `target` (no target: the responder chain), event-delivery.md §6.
    private static func redirect(_ node: SceneMapping, of control: UIControl, context: SceneBuildContext) throws {
        try node.checkKeys(["target", "action"])
        let action = try node.required("action").string()
        guard !action.isEmpty else { throw node.value.error("an action name must not be empty") }
        let target = node["target"].flatMap { SceneControlAction.isNil($0) ? nil : $0 }
        control.actionRedirect = ControlActionRedirect(target: nil, action: action)
        context.afterBuild { [unowned control] in
            control.actionRedirect = ControlActionRedirect(
                target: try target.map { try context.responder(for: $0) }, action: action)
        }
    }

    /// Every control kind, for `SceneLoader.init`.
    static let all: [ControlSceneKind] = [
        ControlSceneKind(name: "button", uikitClassName: "UIButton", keys: ["title"]) { node in
            UIButton(title: try node.string("title"))
        },
        ControlSceneKind(name: "switch", uikitClassName: "UISwitch", keys: ["on"]) { node in
            let toggle = UISwitch()
            toggle.isOn = try node.bool("on") ?? false
            return toggle
        },
        ControlSceneKind(
            name: "slider", uikitClassName: "UISlider", keys: ["value", "minimumValue", "maximumValue", "continuous"]
        ) { node in
            let slider = UISlider()
            if let minimum = try node.double("minimumValue") { slider.minimumValue = Float(minimum) }
            if let maximum = try node.double("maximumValue") { slider.maximumValue = Float(maximum) }
            if let value = try node.double("value") { slider.value = Float(value) }
            if let continuous = try node.bool("continuous") { slider.isContinuous = continuous }
            return slider
        },
        ControlSceneKind(
            name: "segmentedControl", uikitClassName: "UISegmentedControl",
            keys: ["segments", "selectedSegmentIndex", "momentary"]
        ) { node in
            let titles = try (node.sequence("segments") ?? []).map { try $0.string() }
            let segmented = UISegmentedControl(items: titles)
            if let index = node["selectedSegmentIndex"] {
                let value = try index.int()
                guard value == UISegmentedControl.noSegment || titles.indices.contains(value) else {
                    throw index.error("no segment \(value) (segments: \(titles.count); -1 is none)")
                }
                segmented.selectedSegmentIndex = value
            }
            if let momentary = try node.bool("momentary") { segmented.isMomentary = momentary }
            return segmented
        },
        ControlSceneKind(
            name: "stepper", uikitClassName: "UIStepper",
            keys: ["value", "minimumValue", "maximumValue", "stepValue", "autorepeat", "continuous", "wraps"]
        ) { node in
            let stepper = UIStepper()
            if let minimum = try node.double("minimumValue") { stepper.minimumValue = minimum }
            if let maximum = try node.double("maximumValue") { stepper.maximumValue = maximum }
            if let value = try node.double("value") { stepper.value = value }
            if let step = node["stepValue"] {
                let value = try step.double()
                guard value > 0 else { throw step.mismatch("a number greater than 0") }
                stepper.stepValue = value
            }
            if let autorepeat = try node.bool("autorepeat") { stepper.autorepeat = autorepeat }
            if let continuous = try node.bool("continuous") { stepper.isContinuous = continuous }
            if let wraps = try node.bool("wraps") { stepper.wraps = wraps }
            return stepper
        },
        ControlSceneKind(name: "pageControl", uikitClassName: "UIPageControl", keys: ["numberOfPages", "currentPage"]) { node in
            let pages = UIPageControl()
            pages.numberOfPages = max(try node.int("numberOfPages") ?? 0, 0)
            if let current = node["currentPage"] {
                let value = try current.int()
                guard (0..<max(pages.numberOfPages, 1)).contains(value) else {
                    throw current.error("no page \(value) (numberOfPages: \(pages.numberOfPages))")
                }
                pages.currentPage = value
            }
            return pages
        },
        ControlSceneKind(name: "control", uikitClassName: "UIControl", keys: []) { _ in UIControl() },
    ]
}

/// One entry of a control's `actions:` — `{events: [touchUpInside], target: vc, action: "buttonTapped:",
/// log: "Button Tapped"}` — read eagerly (so errors point at the entry) and installed once ids resolve.
struct SceneControlAction {
    static let keys: Set<String> = ["events", "target", "action", "log"]

    let events: UIControl.Event
    /// nil: a nil target (the responder chain).
    let target: SceneValue?
    let action: String
    let log: String?
    let value: SceneValue

    init(_ value: SceneValue) throws {
        let node = try value.mapping()
        try node.checkKeys(Self.keys)
        self.value = value
        events = try Self.events(node.required("events"))
        action = try node.required("action").string()
        guard !action.isEmpty else { throw value.error("an action name must not be empty") }
        if let target = node["target"], !Self.isNil(target) { self.target = target } else { target = nil }
        log = try node.string("log")
        if log != nil && target == nil {
            throw value.error(
                "a nil-target action goes to whichever responder implements it: give `log` in that "
                    + "responder's `implements:`, not here")
        }
    }

    func install(on control: UIControl, context: SceneBuildContext) throws {
        guard let targetValue = target else {
            control.addTarget(nil, action: action, for: events)
            return
        }
        let receiver = try context.responder(for: targetValue)
        if let log {
            guard !receiver.responds(toAction: action) else {
                throw value.error(
                    "'\(try targetValue.string())' already implements \(action) (from `implements:` or "
                        + "another control's `log`); give its log once")
            }
            SceneActionHandler.register(action, log: log, on: receiver, application: context.application)
            context.printsLines = true
        }
        control.addTarget(receiver, action: action, for: events)
    }

    /// `touchUpInside` or `[touchDown, touchUpInside]`, by UIKit's names.
    static func events(_ value: SceneValue) throws -> UIControl.Event {
        let names: [SceneValue]
        if case .sequence = value.node { names = try value.sequence() } else { names = [value] }
        guard !names.isEmpty else { throw value.error("at least one control event is needed") }
        var events: UIControl.Event = []
        for name in names {
            guard let event = UIControl.Event(name: try name.string()) else {
                let known = UIControl.Event.namedEvents.map(\.name).joined(separator: ", ")
                throw name.mismatch("a control event (\(known))")
            }
            events.formUnion(event)
        }
        return events
    }

    /// `target: nil`, `target: null` or `target: ~` all mean the responder chain.
    static func isNil(_ value: SceneValue) -> Bool {
        guard case .scalar(let scalar) = value.node else { return false }
        return ["nil", "null", "~", ""].contains(scalar.string)
    }
}

/// The action methods scene files declare: a handler that prints a line, with `{value}` replaced by the
/// sending control's value (`isOn`, `value`, `selectedSegmentIndex`, `currentPage`).
enum SceneActionHandler {
    static func register(_ action: String, log: String, on responder: UIResponder, application: UIApplication) {
        responder.registerAction(action) { [unowned application] sender, _ in
            application.trace.record(expand(log, sender: sender), group: "actions")
        }
    }

    static func expand(_ template: String, sender: AnyObject?) -> String {
        guard template.contains("{value}") else { return template }
        return template.replacingOccurrences(of: "{value}", with: valueDescription(of: sender))
    }

    static func valueDescription(of sender: AnyObject?) -> String {
        switch sender {
        case let toggle as UISwitch: return String(toggle.isOn)
        case let slider as UISlider: return String(format: "%g", slider.value)
        case let segmented as UISegmentedControl: return String(segmented.selectedSegmentIndex)
        case let stepper as UIStepper: return String(format: "%g", stepper.value)
        case let pages as UIPageControl: return String(pages.currentPage)
        default: return ""
        }
    }
}
