import Foundation

/// Anything whose calls can appear in a trace: responders, gesture recognizers (not responders in UIKit but
/// they log the same way) and scripted gesture delegates.
protocol Traceable: AnyObject {
    /// The class name printed in trace lines: the object's declared class (a scene file's `class: YellowView`),
    /// by default the Swift dynamic type name.
    var traceClassName: String { get }
    /// Which of its calls this object logs (a per-object choice, like adding NSLog to some methods of one subclass).
    var logGroups: Trace.Groups { get }
    /// Where lines go: the application's recorder, or nil when the object is not attached to an app.
    var traceRecorder: Trace.Recorder? { get }
}

extension Traceable {
    /// The recorder if this object logs `group`.
    @inline(__always)
    func recorder(for group: Trace.Groups) -> Trace.Recorder? {
        guard !logGroups.isDisjoint(with: group) else { return nil }
        return traceRecorder
    }

    /// Records `-[traceClassName selector]` if this object logs `group`; the record carries the call's
    /// argument point and touches for explained traces.
    package func recordCall(
        _ selector: String, group: Trace.Groups = .all, point: CGPoint? = nil, touches: Set<UITouch>? = nil,
        result: String? = nil, reason: String? = nil
    ) {
        guard let recorder = recorder(for: group) else { return }
        recorder.recordCall(
            className: traceClassName, selector: selector, group: group, point: point, touches: touches,
            result: result, reason: reason)
    }

    /// Opens a call record whose result is known only when the call returns (`hitTest:withEvent:` around the
    /// calls it makes); nil when this object does not log `group`.
    func openCall(_ selector: String, group: Trace.Groups, point: CGPoint?) -> Trace.Recorder.OpenRecord? {
        recorder(for: group)?.openCall(className: traceClassName, selector: selector, group: group, point: point)
    }

    /// Records a free line (an override's own NSLog), if this object logs anything.
    func recordLine(_ text: String) {
        guard !logGroups.isEmpty, let recorder = traceRecorder else { return }
        recorder.record(text, group: "actions")
    }
}

// MARK: - Trace.Groups

extension Trace {
    /// What an object logs, by kind of call: what a scene's `log:` names (`log: [touches]` is the usual subclass
    /// that overrides only the four touch methods, NSLogs and calls super). `log: true` is `all`.
    public struct Groups: OptionSet, Hashable, Sendable {
        /// The groups as bits.
        public let rawValue: UInt16

        public init(rawValue: UInt16) {
            self.rawValue = rawValue
        }

        /// `touchesBegan/Moved/Ended/Cancelled:withEvent:` (a responder's overrides, a recognizer's own methods).
        public static let touches = Trace.Groups(rawValue: 1 << 0)
        /// `hitTest:withEvent:` and `pointInside:withEvent:`.
        public static let hitTest = Trace.Groups(rawValue: 1 << 1)
        /// A control's `beginTracking…`, `continueTracking…`, `endTracking…`, `cancelTrackingWithEvent:`.
        public static let tracking = Trace.Groups(rawValue: 1 << 2)
        /// Action methods received (`-[ViewController buttonTapped:]`) and a control's `sendAction:to:forEvent:`.
        public static let actions = Trace.Groups(rawValue: 1 << 3)
        /// A scroll view's `touchesShouldBegin:withEvent:inContentView:` and `touchesShouldCancelInContentView:`.
        public static let scrolling = Trace.Groups(rawValue: 1 << 4)
        /// `motionBegan/Ended/Cancelled:withEvent:`.
        public static let motion = Trace.Groups(rawValue: 1 << 5)
        /// `pressesBegan/Changed/Ended/Cancelled:withEvent:`.
        public static let presses = Trace.Groups(rawValue: 1 << 6)
        /// A gesture delegate's questions (`gestureRecognizerShouldBegin:` ...).
        public static let delegate = Trace.Groups(rawValue: 1 << 7)
        /// On a view: the touch methods of the recognizers attached to it.
        public static let recognizers = Trace.Groups(rawValue: 1 << 8)

        /// `log: true`: every call of the object itself (`recognizers`, which reaches other objects, is opt-in).
        public static let all = Trace.Groups(rawValue: 0xFF)

        /// The names scene files and `--only` use, in documentation order.
        public static let named: [(name: String, groups: Trace.Groups)] = [
            ("touches", .touches), ("hitTest", .hitTest), ("tracking", .tracking), ("actions", .actions),
            ("scrolling", .scrolling), ("motion", .motion), ("presses", .presses), ("delegate", .delegate),
            ("recognizers", .recognizers),
        ]

        /// The group a scene's `log:` names (`touches`, `hitTest`, ...), or nil for an unknown name.
        public init?(name: String) {
            guard let entry = Self.named.first(where: { $0.name == name }) else { return nil }
            self = entry.groups
        }

        /// The group names in this set, in documentation order.
        public var names: [String] { Self.named.filter { contains($0.groups) }.map(\.name) }
    }
}

// MARK: - Trace.Selector

extension Trace {
    /// The Objective-C selectors printed in trace lines, spelled once.
    enum Selector {
        package static let hitTest = "hitTest:withEvent:"
        static let pointInside = "pointInside:withEvent:"
    }
}
