import Foundation
import UIKitModel

// What the explorer tells the page, as JSON: the screen, then one step per input with what dispatch did.

/// The screen of one scene (or of springboard's foreground): the SVG render and every view's outline, so the
/// page can highlight views by index.
public struct ScreenReport: Codable, Equatable, Sendable {
    public var title: String
    public var width: Double
    public var height: Double
    /// `SceneSVG.render` of the scene, the picture the page draws (with its legend under the screen).
    public var svg: String
    public var views: [ViewBox]
}

/// One view on the screen: its corners in screen points, clockwise from its bounds' top-left.
public struct ViewBox: Codable, Equatable, Sendable {
    public var index: Int
    public var label: String
    public var className: String
    public var id: String?
    public var corners: [[Double]]
    public var hidden: Bool
    public var interactive: Bool
    public var alpha: Double
    public var recognizers: [String]
}

/// One hitTest call of a finger's hit-test pass: the view asked, its answer and, when it answered nil, why
/// it was skipped.
public struct HitTestVisit: Codable, Equatable, Sendable {
    public var view: Int?
    public var label: String
    public var point: [Double]
    public var result: String
    /// `hidden`, `alpha`, `interaction off`, `outside`, `override` (the hitTest override answered nil), or
    /// nil when the view answered a view.
    public var skipped: String?
    public var reason: String?
}

/// A finger that went down: where hit-testing took it and why.
public struct FingerReport: Codable, Equatable, Sendable {
    public var finger: UInt32
    public var point: [Double]
    public var path: [HitTestVisit]
    public var chosen: Int?
    public var chosenLabel: String?
    public var chain: [String]
    public var recognizers: [String]
}

/// One trace record as the page shows it: the explained text, and what it highlights.
public struct TraceReport: Codable, Equatable, Sendable {
    public var seq: UInt64
    public var time: UInt64
    public var kind: String
    public var text: String
    public var explained: String
    public var className: String?
    public var touch: Int?
    public var view: Int?
    /// Recognizer transitions: the recognizer (`UIPinchGestureRecognizer 'pinch'`), its new state, and the cause.
    public var recognizer: String?
    public var state: String?
    public var from: String?
    public var reason: String?
}

/// What one input did.
public struct StepReport: Codable, Equatable, Sendable {
    public var index: Int
    /// The explorer's clock, nanoseconds.
    public var time: UInt64
    public var input: String
    public var fingers: [FingerReport]
    public var trace: [TraceReport]
    /// The screen after the step, when it changed (a transform applied, a view hidden).
    public var screen: ScreenReport?
    /// Live explorers: where springboard sent it (the home screen, an app), and the foreground after.
    public var note: String?
}

/// One scene variant's steps (side by side runs two).
public struct VariantReport: Codable, Equatable, Sendable {
    public var name: String
    public var steps: [StepReport]
}

/// Everything the server sends, tagged by `type`.
public struct ExplorerMessage: Codable, Equatable, Sendable {
    public var type: String
    public var mode: String?
    public var screens: [ScreenReport]?
    /// One list of steps per scene variant (one, or two side by side), step for step.
    public var variants: [[StepReport]]?
    public var refusal: String?
    public var code: String?
    public var counts: [String: Int]?
    public var differences: [Int]?
    /// Live explorers: what is on the screen and where it came from (`hello`, `foreground`, `note`).
    public var note: String?
    /// Live explorers' `append`: the step whose trace grows, and the records to add to it (the app's trace
    /// arrives after the frame that caused it).
    public var step: Int?
    public var trace: [TraceReport]?

    public init(type: String) { self.type = type }

    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return #"{"type":"error"}"# }
        return String(decoding: data, as: UTF8.self)
    }
}

extension TraceReport {
    init(_ line: Trace.Line, view: Int?) {
        seq = line.sequence
        time = line.time
        kind = line.kind.rawValue
        text = line.text
        explained = line.explained
        className = line.className
        touch = line.touch
        self.view = view
        reason = line.reason
        if line.kind == .transition {
            // `UIPinchGestureRecognizer 'pinch' possible → began at t=1.2`: the label, the old and new state.
            let parts = line.text.components(separatedBy: " → ")
            if parts.count == 2 {
                var left = parts[0].split(separator: " ").map(String.init)
                from = left.popLast()
                recognizer = left.joined(separator: " ")
                state = parts[1].split(separator: " ").first.map(String.init)
            }
        }
    }
}
