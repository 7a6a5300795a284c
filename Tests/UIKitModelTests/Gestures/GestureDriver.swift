import Foundation
import HIDEvent
import RunLoopKit
import UIKitModel

/// Drives an application on a manual clock for gesture tests: each HID frame is delivered at its own time
/// (the run loop first fires every timer due before it, in deadline order, moving the clock), through the
/// app's fetcher → source0 → queue → sendEvent path.
final class GestureDriver {
    enum Change { case down, move, up, cancel, still }

    struct Finger {
        var index: UInt32
        var x: Float
        var y: Float
        var change: Change
    }

    let clock = ManualClock()
    let application: UIApplication
    let window: UIWindow

    init(size: CGSize = CGSize(width: 400, height: 800)) {
        application = UIApplication(runLoop: EventRunLoop(clock: clock))
        window = UIWindow(frame: CGRect(origin: .zero, size: size))
        application.addWindow(window)
        window.makeKeyAndVisible()
    }

    /// Delivers one digitizer frame at `seconds`.
    func frame(at seconds: Double, _ fingers: [Finger]) {
        let ns = Self.ns(seconds)
        advance(to: seconds)
        let children = fingers.map { f -> HIDDigitizerEvent in
            var phase: HIDDigitizerPhase = []
            var mask: HIDDigitizerEventMask = []
            switch f.change {
            case .down: phase = .began; mask = [.range, .touch]
            case .move: phase = .changed; mask = [.position]
            case .up: phase = .ended; mask = [.range, .touch]
            case .cancel: phase = .cancelled; mask = [.cancel]
            case .still: break
            }
            return HIDDigitizerEvent(phase: phase, transducerIndex: f.index, eventMask: mask, x: f.x, y: f.y)
        }
        let message = HIDMessage(
            envelope: HIDEnvelope(kind: .digitizer, sequence: 0, senderID: 1, timestamps: HIDHopTimestamps(hardware: ns)),
            payload: .digitizer(HIDDigitizerFrame(fingers: children)))
        application.eventFetcher.receive(message)
        application.runLoop.runUntilIdle(mode: .default)
    }

    func down(_ x: Float, _ y: Float, at seconds: Double, finger: UInt32 = 1) {
        frame(at: seconds, [Finger(index: finger, x: x, y: y, change: .down)])
    }

    func move(_ x: Float, _ y: Float, at seconds: Double, finger: UInt32 = 1) {
        frame(at: seconds, [Finger(index: finger, x: x, y: y, change: .move)])
    }

    func up(_ x: Float, _ y: Float, at seconds: Double, finger: UInt32 = 1) {
        frame(at: seconds, [Finger(index: finger, x: x, y: y, change: .up)])
    }

    /// Down at `seconds`, up `duration` later at the same place.
    func tap(_ x: Float, _ y: Float, at seconds: Double, duration: Double = 0.05) {
        down(x, y, at: seconds)
        up(x, y, at: seconds + duration)
    }

    /// Down, `steps` evenly spaced moves over `duration`, and up at the end point in the last move's frame time.
    func drag(from start: (Float, Float), to end: (Float, Float), at seconds: Double, duration: Double, steps: Int) {
        down(start.0, start.1, at: seconds)
        for step in 1...steps {
            let f = Float(step) / Float(steps)
            move(start.0 + (end.0 - start.0) * f, start.1 + (end.1 - start.1) * f,
                 at: seconds + duration * Double(step) / Double(steps))
        }
        up(end.0, end.1, at: seconds + duration)
    }

    /// Fires every timer due up to `seconds` (in deadline order), leaving the clock there.
    func advance(to seconds: Double) {
        let ns = Self.ns(seconds)
        if ns > clock.now { application.runLoop.advance(to: ns, mode: .default) }
    }

    /// The application's trace recorder.
    var recorder: UITraceRecorder { application.traceRecorder! }

    var trace: [String] { recorder.texts }

    /// The clock time (seconds) at which the first line with `text` was recorded.
    func time(of text: String) -> Double? {
        recorder.lines.first { $0.text == text }.map { Double($0.time) / 1_000_000_000 }
    }

    static func ns(_ seconds: Double) -> UInt64 { UInt64((seconds * 1_000_000_000).rounded()) }

    static func finger(_ index: UInt32, _ x: Float, _ y: Float, _ change: Change) -> Finger {
        Finger(index: index, x: x, y: y, change: change)
    }
}

/// A view subclass that logs its four touch methods and calls super, as the iOS samples do
/// (`NSLog(@"%s", __func__); [super touchesBegan:touches withEvent:event];`), without logging hit-testing.
final class TouchLoggingView: UIView {
    let className: String
    /// Called after logging each touch method with its short name ("began", "moved", ...).
    var onTouch: ((String, Set<UITouch>) -> Void)?

    init(_ className: String, frame: CGRect) {
        self.className = className
        super.init(frame: frame)
    }

    override var traceClassName: String { className }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        log("touchesBegan:withEvent:")
        onTouch?("began", touches)
        super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        log("touchesMoved:withEvent:")
        onTouch?("moved", touches)
        super.touchesMoved(touches, with: event)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        log("touchesEnded:withEvent:")
        onTouch?("ended", touches)
        super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        log("touchesCancelled:withEvent:")
        onTouch?("cancelled", touches)
        super.touchesCancelled(touches, with: event)
    }

    private func log(_ selector: String) {
        traceRecorder?.recordCall(className: className, selector: selector)
    }
}

/// The iOS sample's `LXFTapGestureRecognizer`: a Swift subclass that overrides the four touch methods and
/// calls super; with `logsCalls` the base class prints each call under the subclass's name.
final class LXFTapGestureRecognizer: UITapGestureRecognizer {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesBegan(touches, with: event) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesMoved(touches, with: event) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesEnded(touches, with: event) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { super.touchesCancelled(touches, with: event) }
}
