import Foundation

/// The project's trace machinery, not UIKit's: what a traced call prints (`Trace.Line`), who records it
/// (`Trace.Recorder`) and what an object logs (`Trace.Groups`).
public enum Trace {}

extension Trace {
    /// One trace record: a call (`-[EView hitTest:withEvent:]`) or a free line (`View Taped`), or, in explained
    /// traces, an event header, a hit-test pass label or a recognizer transition. The same record is written by
    /// the live app-host (file, PUB socket) and by `app-host run --json`; protocols/trace-record.md documents it.
    ///
    /// `text` is exactly what iOS would log; the other fields say with what and why (`explained`).
    public struct Line: Codable, Equatable, Sendable {
        /// What a record is: a call, a free line, or (explained traces) an event header, a hit-test pass, a transition or a
        /// run-loop callout.
        public enum Kind: String, Codable, Sendable {
            /// A method call, `-[Class selector]`.
            case call
            /// A free line (an action's output, a run-loop mode change).
            case line
            /// Explained traces: the header of one HID event (`── t=1.000 event#1 touch#1 began (115,495) → EView`).
            case event
            /// Explained traces: the label of a hit-test pass.
            case pass
            /// Explained traces: a gesture recognizer's state change and its cause.
            case transition
            /// Explained traces with the run-loop trace on: a run-loop callout (`↻ turn 3: source0 fired
            /// __handleEventQueue`); the calls that follow ran inside it.
            case callout
        }

        /// Order within the app, from 1 (assigned by the recorder).
        public var sequence: UInt64 = 0
        /// Nanoseconds on the application's monotonic run-loop clock when the record was made.
        public var time: UInt64
        /// What iOS would log: `-[WideHitView hitTest:withEvent:]`, or the free line itself.
        public var text: String
        /// What kind of record this is.
        public var kind: Kind = .line
        /// The `log:` group the call belongs to (`touches`, `hitTest`, ...), or `events`/`actions`/`recognizers`.
        public var group: String?
        /// The HID event being dispatched: its envelope sequence number.
        public var hidEvent: UInt64?
        /// The touch the call is about (`UITouch` sequence number, from 1 per app) and its phase.
        public var touch: Int?
        /// The touch's phase at the call: `began`, `moved`, `stationary`, `ended` or `cancelled`.
        public var phase: String?
        /// The call's point argument, in the receiver's coordinates (hit-testing), or the touch's window location.
        public var point: Trace.Point?
        /// A call's receiver's class, as `text` prints it.
        public var className: String?
        /// A call's selector, as `text` prints it.
        public var selector: String?
        /// What the call returned (`YES`, `NO`, `nil`, a class name) and why (`hidden`, `alpha 0.01 <= 0.01`).
        public var result: String?
        /// Why the call returned `result` (explained traces).
        public var reason: String?
        /// Live traces: the app's bundle id and process id.
        public var app: String?
        /// Live traces: the app's process id.
        public var pid: Int32?

        package init(time: UInt64, text: String, kind: Kind = .line) {
            self.time = time
            self.text = text
            self.kind = kind
        }

        enum CodingKeys: String, CodingKey {
            case sequence = "seq", time = "timeNs", text, kind, group, hidEvent = "event", touch, phase, point
            case className = "class", selector, result, reason, app, pid
        }
    }
}

extension Trace {
    /// A point in a trace record, `{"x":115,"y":495}`.
    public struct Point: Codable, Equatable, Sendable {
        /// Points from the left.
        public var x: Double
        /// Points from the top.
        public var y: Double

        /// A point at `x`, `y`.
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }

        /// `(115,495)`, `(40.5,10)`: integers without a fraction.
        public var description: String { "(\(Self.format(x)),\(Self.format(y)))" }

        package static func format(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        }
    }
}

// MARK: - Explained

extension Trace.Line {
    /// The record as an explained trace prints it: the call with its touch or point, what it returned and
    /// why: `-[CView pointInside:withEvent:] (40,10) → NO`, `-[HiddenView hitTest:withEvent:] (50,50) → nil (hidden)`,
    /// `-[EView touchesBegan:withEvent:] touch#1 began (115,495)`.
    public var explained: String {
        var out = kind == .pass || kind == .transition ? "   " + text : text
        if kind == .call {
            if let touch { out += " touch#\(touch)" + (phase.map { " " + $0 } ?? "") }
            if let point { out += " " + point.description }
        }
        if let result { out += " → " + result }
        if let reason { out += " (\(reason))" }
        return out
    }
}

// MARK: - JSON

extension Trace.Line {
    /// The record as one line of JSON (protocols/trace-record.md): keys sorted, absent fields left out,
    /// `/` not escaped. Every writer of traces uses it (the live app's file and PUB socket, `app-host run --json`).
    public var jsonLine: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings, integers and doubles cannot fail.
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Reads one JSON line written by `jsonLine` (tools following a trace file use it).
    public init(jsonLine: String) throws {
        self = try JSONDecoder().decode(Trace.Line.self, from: Data(jsonLine.utf8))
    }
}
