import AppInspection
import AppScene
import Foundation
import GestureScript
import HIDEvent
import HeadlessApp
import TouchRecording
import UIKitModel

/// One scene run headless for the explorer (`app-host explore`): each pointer event of the page becomes a HID
/// frame fed through the app's own source1 → source0 → `sendEvent` path on the runner's manual clock, moved on
/// by the page's timestamps; each step reports the hit-test of every finger that went down (every view asked,
/// why each was skipped, the chosen view, its responder chain) and the explained trace the frame produced.
public final class HeadlessExplorer {
    public let sceneURL: URL
    public let name: String
    private var runner: HeadlessAppRunner
    private var tracker = FingerTracker()
    private var capture: ScreenCapture
    /// Records made while the explorer itself hit-tests (the explanation of a finger) are not the app's.
    private var explaining = false
    private var collected: [Trace.Line] = []
    private var steps = 0
    /// The view each touch went to (UITouch sequence number → view index): what a touch's trace line highlights.
    private var touchViews: [Int: Int] = [:]

    public init(sceneURL: URL, name: String? = nil) throws {
        self.sceneURL = sceneURL
        self.name = name ?? sceneURL.lastPathComponent
        let runner = try HeadlessAppRunner(sceneURL: sceneURL)
        self.runner = runner
        capture = ScreenCapture(scene: runner.scene, title: self.name)
        attach()
    }

    public var screen: ScreenReport { capture.report }
    public var screenSize: CGSize { CGSize(width: capture.report.width, height: capture.report.height) }
    public var fingersDown: Int { tracker.fingers.count }

    private func attach() {
        let trace = runner.application.trace
        trace.explains = true
        // The explanation reads the records it made back from `lines`; they are dropped at each reset.
        trace.retainsLines = true
        trace.onRecord = { [unowned self] line in
            guard !explaining else { return }
            collected.append(line)
        }
    }

    /// The scene loaded anew: clock at 0, nothing down, step numbers from 0.
    public func reset() throws {
        runner = try HeadlessAppRunner(sceneURL: sceneURL)
        tracker = FingerTracker()
        capture = ScreenCapture(scene: runner.scene, title: name)
        steps = 0
        touchViews = [:]
        attach()
    }

    // MARK: Inputs

    /// Checks a pointer event against the fingers down without acting on it.
    public func check(_ input: PointerInput) throws(ExplorerRefusal) {
        try tracker.check(input.time)
        var probe = tracker
        _ = try probe.frame(for: input)
    }

    /// One pointer event: one frame, one step.
    public func pointer(_ input: PointerInput) throws(ExplorerRefusal) -> StepReport {
        try tracker.check(input.time)
        let (frame, finger) = try tracker.frame(for: input)
        let time = try tracker.clockTime(input.time, floor: runner.clock.now)
        let label = "finger \(finger) \(input.phase.rawValue) \(Trace.Point(x: input.x, y: input.y).description)"
        return feed(frame, at: time, label: label)
    }

    /// The clock moved to page time `time` with no input: the timers due fire (the step has what they printed).
    public func advance(to page: Double) throws(ExplorerRefusal) -> StepReport {
        try tracker.check(page)
        let time = try tracker.clockTime(page, floor: runner.clock.now)
        collected = []
        runner.application.advanceMainLoop(to: time)
        return step(label: "no input: the clock at \(UIEventDispatcherTime.seconds(time))", time: time, fingers: [])
    }

    /// A gesture script or an evemu recording, from a fresh start: one step per frame, then one for the timers
    /// that fire in the second after the last (when they print).
    public func play(name: String, text: String) throws -> [StepReport] {
        let frames: [TimedHIDPayload]
        if EvemuRecording.isEvemu(text[...]) {
            do {
                let recording = try EvemuRecording(text: text, name: name)
                frames = try recording.timedPayloads(mapping: RecordingMapping(screen: screenSize))
            } catch {
                throw ExplorerRefusal(.badInput, "\(name): \(error)")
            }
        } else {
            do {
                let script = try GestureScript.parse(text)
                guard script.appSteps.isEmpty else {
                    throw ExplorerRefusal(.badInput, "\(name): sendActions steps are not played here (app-host run plays them)")
                }
                frames = script.frames()
            } catch let refusal as ExplorerRefusal {
                throw refusal
            } catch {
                throw ExplorerRefusal(.badInput, "\(name): \(error)")
            }
        }
        guard frames.count <= 20_000 else {
            throw ExplorerRefusal(.badInput, "\(name): \(frames.count) frames; at most 20000 are played")
        }
        try reset()
        var reports: [StepReport] = []
        for input in frames {
            let time = max(input.time, runner.clock.now)
            reports.append(feed(input.payload, at: time, label: Self.describe(input.payload)))
        }
        let end = runner.clock.now &+ 1_000_000_000
        collected = []
        runner.application.advanceMainLoop(to: end)
        reports.append(step(label: "the second after the last frame", time: end, fingers: []))
        return reports
    }

    // MARK: Steps

    private func feed(_ frame: HIDDigitizerFrame, at time: UInt64, label: String) -> StepReport {
        feed(.digitizer(frame), at: time, label: label)
    }

    private func feed(_ payload: HIDPayload, at time: UInt64, label: String) -> StepReport {
        collected = []
        // Timers due before the frame fire first (they are part of this step), then the fingers that land are
        // hit-tested in the state the frame will find.
        runner.application.advanceMainLoop(to: time)
        var fingers: [FingerReport] = []
        if case .digitizer(let frame) = payload {
            for child in frame.children where child.phase.contains(.began) {
                fingers.append(explain(finger: child.transducerIndex, at: CGPoint(x: Double(child.x), y: Double(child.y))))
            }
        }
        runner.feed(payload, at: time)
        // The touch UIKit made for each finger that landed: its began line names it.
        let began = collected.filter { $0.kind == .call && $0.phase == "began" }.compactMap(\.touch)
        for (touch, finger) in zip(Array(Set(began)).sorted(), fingers) { touchViews[touch] = finger.chosen }
        return step(label: label, time: time, fingers: fingers)
    }

    private func step(label: String, time: UInt64, fingers: [FingerReport]) -> StepReport {
        let trace = collected.map { TraceReport($0, view: view(of: $0, fingers: fingers)) }
        collected = []
        let after = ScreenCapture(scene: runner.scene, title: name)
        let changed = after.report != capture.report
        if changed { capture = after }
        defer { steps += 1 }
        return StepReport(
            index: steps, time: time, input: label, fingers: fingers, trace: trace, screen: changed ? after.report : nil)
    }

    /// The view a record is about: the touch's view, else the only view of the record's class.
    private func view(of line: Trace.Line, fingers: [FingerReport]) -> Int? {
        if let touch = line.touch, let view = touchViews[touch],
            capture.views.indices.contains(view), capture.views[view].traceClassName == line.className
        {
            return view
        }
        guard let className = line.className else { return nil }
        for finger in fingers {
            if let chosen = finger.chosen, capture.views[chosen].traceClassName == className { return chosen }
        }
        let matches = capture.views.indices.filter { capture.views[$0].traceClassName == className }
        return matches.count == 1 ? matches[0] : nil
    }

    /// The only view of the scene whose class prints as `className` (what a record with no touch highlights).
    func viewIndex(className: String?) -> Int? {
        guard let className else { return nil }
        let matches = capture.views.indices.filter { capture.views[$0].traceClassName == className }
        return matches.count == 1 ? matches[0] : nil
    }

    /// `app-host explain` for one finger: every hitTest call in order, matched to the view UIKit's rules ask.
    func explain(finger: UInt32, at point: CGPoint) -> FingerReport {
        explaining = true
        let explanation = HitTestExplanation(scene: runner.scene, point: point)
        explaining = false
        let application = runner.application
        var records = explanation.calls[...]
        var visits: [HitTestVisit] = []
        func visit(_ view: UIView) -> Bool {
            // The view's hitTest record, then its pointInside record (if it was asked).
            guard let at = records.firstIndex(where: { $0.selector == "hitTest:withEvent:" }) else { return false }
            let record = records[at]
            records = records[(at + 1)...]
            var inside: Trace.Line?
            if let next = records.first, next.selector == "pointInside:withEvent:" {
                inside = next
                records = records.dropFirst()
            }
            let hit = record.result != "nil"
            visits.append(
                HitTestVisit(
                    view: capture.indices[ObjectIdentifier(view)], label: ScreenCapture.label(view),
                    point: [record.point?.x ?? 0, record.point?.y ?? 0], result: record.result ?? "?",
                    skipped: hit ? nil : Self.skipReason(record.reason, inside: inside),
                    reason: hit ? nil : (inside?.reason.map { "pointInside \(inside?.result ?? "NO"): \($0)" } ?? record.reason)))
            guard hit, view.hitTestOverride == .default else { return hit }
            for subview in view.subviews.reversed() where visit(subview) { break }
            return true
        }
        for window in application.windowsFrontToBack where visit(window) { break }
        let chosen = explanation.view
        return FingerReport(
            finger: finger, point: [Double(point.x), Double(point.y)], path: visits,
            chosen: chosen.flatMap { capture.indices[ObjectIdentifier($0)] }, chosenLabel: chosen.map(ScreenCapture.label),
            chain: chosen.map { $0.responderChain.map(\.traceClassName) } ?? [],
            recognizers: explanation.recognizers.map(\.explorerLabel))
    }

    /// Why hitTest answered nil, in the page's words.
    static func skipReason(_ reason: String?, inside: Trace.Line?) -> String {
        switch reason {
        case "hidden": return "hidden"
        case "userInteractionEnabled = NO": return "interaction off"
        case let text? where text.hasPrefix("alpha"): return "alpha"
        case "hitTest override returns nil": return "override"
        default: return "outside"
        }
    }

    /// `finger 1 down (195,400), finger 2 moved (250,400)`: a scripted frame in the page's words.
    static func describe(_ payload: HIDPayload) -> String {
        switch payload {
        case .digitizer(let frame):
            let changed = frame.children.filter { !$0.phase.isEmpty }
            return changed.map { child -> String in
                let phase =
                    child.phase.contains(.began)
                    ? "down" : child.phase.contains(.ended) ? "up" : child.phase.contains(.cancelled) ? "cancel" : "move"
                return
                    "finger \(child.transducerIndex) \(phase) \(Trace.Point(x: Double(child.x), y: Double(child.y)).description)"
            }.joined(separator: ", ")
        case .button(let button): return "button \(button.button) \(button.isDown ? "down" : "up")"
        case .motion(let motion): return "shake \(motion.phase)"
        }
    }
}

/// Seconds with three decimals, as explained traces print times.
enum UIEventDispatcherTime {
    static func seconds(_ nanoseconds: UInt64) -> String {
        String(format: "%.3f s", Double(nanoseconds) / 1e9)
    }
}
