import UIKitModel

/// What UIKit called during a `TouchTestApp.play`, three ways: `lines`, exactly what iOS would log (compare
/// them with `==`); `explained`, each record with its touch, point, result and reason, event headers and
/// hit-test passes; `transitions`, the recognizers' state changes with their causes.
public struct TouchTrace: Equatable, CustomStringConvertible, Sendable {
    /// The records, in order (protocols/trace-record.md); every field the app-host's JSON trace has.
    public let records: [Trace.Line]

    /// Wraps recorded lines (a `TouchTestApp` makes these; a test may build one to compare).
    public init(records: [Trace.Line]) {
        self.records = records
    }

    /// The plain trace: calls (`-[WideHitView hitTest:withEvent:]`) and free lines (an action's `Tapped`),
    /// without the explanation-only records. The same lines `app-host run` prints.
    public var lines: [String] {
        records.filter { $0.kind == .call || $0.kind == .line }.map(\.text)
    }

    /// Every record as `app-host run --explain` prints it: `-[CView pointInside:withEvent:] (40,10) → NO`,
    /// `── t=0.000 event#1 touch#1 began (95,95) → WideHitView`, recognizer transitions indented.
    public var explained: [String] {
        records.map(\.explained)
    }

    /// The recognizers' transitions: `TwoFingerTap possible → began (both fingers down)`, in order.
    public var transitions: [String] {
        records.filter { $0.kind == .transition }.map(\.text)
    }

    /// The method calls only, as `-[Class selector]`.
    public var calls: [String] {
        records.filter { $0.kind == .call }.map(\.text)
    }

    /// The calls made on instances of `className` (the name traces print: your Swift class's name).
    public func calls(to className: String) -> [String] {
        records.filter { $0.kind == .call && $0.className == className }.map(\.text)
    }

    /// The plain lines, one per line: a failed comparison shows the whole trace.
    public var description: String {
        lines.joined(separator: "\n")
    }
}
