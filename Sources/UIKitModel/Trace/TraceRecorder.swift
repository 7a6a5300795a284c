import Foundation

extension Trace {
    /// Collects the calls the dispatch rules make, in order, exactly as iOS prints them (`NSLog(@"%s", __func__)`
    /// in an override prints `-[Class selector]`), each with what it was called with and what it returned.
    /// Owned by `UIApplication`; objects write to it only for the `log:` groups they have, so an app that logs
    /// nothing pays nothing per event.
    ///
    /// A call whose result is known only when it returns (`hitTest:withEvent:`, around the calls it makes) is
    /// *open* until then; records are handed to `onRecord` in order once no record before them is open.
    public final class Recorder {
        /// Every record so far, in order (unless `retainsLines` is false).
        @exclusivity(unchecked)
        public private(set) var lines: [Trace.Line] = []
        /// Off: nothing is stored or forwarded (objects may still log).
        @exclusivity(unchecked)
        var isEnabled = true
        /// Explained traces: also record event headers, hit-test pass labels and recognizer transitions.
        @exclusivity(unchecked)
        public var explains = false
        /// False: a record is dropped once handed to `onRecord` (a long-running app keeps no trace in memory).
        @exclusivity(unchecked)
        public var retainsLines = true
        /// Called for every record, in order, once complete (live tools stream records out; tests can ignore it).
        @exclusivity(unchecked)
        public var onRecord: ((Trace.Line) -> Void)?
        /// The HID event being dispatched (its envelope sequence), stamped on every record made meanwhile.
        @exclusivity(unchecked)
        package var currentHIDEvent: UInt64?

        private let clock: () -> UInt64
        /// The recorder's clock now (the application's run-loop clock).
        var now: UInt64 { clock() }
        @exclusivity(unchecked)
        private var nextSequence: UInt64 = 1
        @exclusivity(unchecked)
        private var openCount = 0
        @exclusivity(unchecked)
        private var emitted = 0

        /// A record waiting for its result.
        package struct OpenRecord {
            fileprivate unowned let recorder: Trace.Recorder
            fileprivate let index: Int

            package func close(result: String?, reason: String? = nil) {
                recorder.close(self, result: result, reason: reason)
            }
        }

        /// - Parameter clock: the time source stamped on each line (the application passes its run loop's clock).
        init(clock: @escaping () -> UInt64 = { 0 }) {
            self.clock = clock
        }

        /// Records a free line, as an action method's `print` would (`View Taped`).
        public func record(_ text: String) {
            record(text, group: nil)
        }

        /// A free line of a group (`actions` for an action's output), for `--only`.
        package func record(_ text: String, group: String?) {
            guard isEnabled else { return }
            var line = Trace.Line(time: clock(), text: text)
            line.group = group
            append(line)
            flush()
        }

        /// Records a method call in Objective-C's `__func__` form, `-[EView touchesBegan:withEvent:]`, with its
        /// touches (the first one's id, phase and window location) or its point argument.
        package func recordCall(
            className: String, selector: String, group: Trace.Groups = .touches, point: CGPoint? = nil,
            touches: Set<UITouch>? = nil, result: String? = nil, reason: String? = nil
        ) {
            guard isEnabled else { return }
            var line = call(className: className, selector: selector, group: group, point: point)
            if let touch = touches?.min(by: { $0.sequenceNumber < $1.sequenceNumber }) {
                line.touch = Int(touch.sequenceNumber)
                line.phase = touch.phase.name
                if point == nil { line.point = Trace.Point(touch.location(in: nil)) }
            }
            line.result = result
            line.reason = reason
            append(line)
            flush()
        }

        /// Opens a call record; `close(_:result:reason:)` completes it.
        package func openCall(className: String, selector: String, group: Trace.Groups, point: CGPoint?) -> OpenRecord? {
            guard isEnabled else { return nil }
            openCount += 1
            return OpenRecord(
                recorder: self, index: append(call(className: className, selector: selector, group: group, point: point)))
        }

        /// Explained traces only: opens a header, pass or transition record (its result may follow).
        package func openExplanation(_ kind: Trace.Line.Kind, _ text: String, group: String) -> OpenRecord? {
            guard isEnabled, explains else { return nil }
            var line = Trace.Line(time: clock(), text: text, kind: kind)
            line.group = group
            openCount += 1
            return OpenRecord(recorder: self, index: append(line))
        }

        /// Explained traces only: a complete header, pass or transition record.
        package func explain(_ kind: Trace.Line.Kind, _ text: String, group: String, reason: String? = nil) {
            guard let open = openExplanation(kind, text, group: group) else { return }
            close(open, result: nil, reason: reason)
        }

        package func close(_ record: OpenRecord?, result: String?, reason: String? = nil) {
            guard let record else { return }
            lines[record.index].result = result
            lines[record.index].reason = reason
            openCount -= 1
            flush()
        }

        /// Sets fields of an open record (a header learns its touch once the touch exists).
        package func update(_ record: OpenRecord?, _ change: (inout Trace.Line) -> Void) {
            guard let record else { return }
            change(&lines[record.index])
        }

        /// The lines' text only, for exact comparisons.
        package var texts: [String] { lines.map(\.text) }

        /// Forgets the records kept so far; numbering goes on.
        public func removeAll() {
            lines.removeAll(keepingCapacity: true)
            emitted = 0
        }

        private func call(className: String, selector: String, group: Trace.Groups, point: CGPoint?) -> Trace.Line {
            var line = Trace.Line(time: clock(), text: "-[\(className) \(selector)]", kind: .call)
            line.className = className
            line.selector = selector
            line.group = group.names.first
            line.point = point.map(Trace.Point.init)
            return line
        }

        @discardableResult
        private func append(_ line: Trace.Line) -> Int {
            var line = line
            line.sequence = nextSequence
            nextSequence += 1
            if line.hidEvent == nil { line.hidEvent = currentHIDEvent }
            lines.append(line)
            return lines.count - 1
        }

        private func flush() {
            guard openCount == 0 else { return }
            while emitted < lines.count {
                let line = lines[emitted]
                emitted += 1
                onRecord?(line)
            }
            if !retainsLines, openCount == 0 {
                lines.removeAll(keepingCapacity: true)
                emitted = 0
            }
        }
    }
}

extension Trace.Point {
    init(_ point: CGPoint) {
        self.init(x: Double(point.x), y: Double(point.y))
    }
}

extension UITouch.Phase {
    /// UIKit's name for the phase, as printed in explained traces.
    package var name: String {
        switch self {
        case .began: return "began"
        case .moved: return "moved"
        case .stationary: return "stationary"
        case .ended: return "ended"
        case .cancelled: return "cancelled"
        }
    }
}
