import Foundation
import HIDEvent
import RunLoopKit
@testable import UIKitModel

/// Drives one application on a manual clock for the gesture, controls, scroll view and table view tests:
/// each HID frame is delivered at its own time through the app's fetcher → source0 → queue → sendEvent
/// path. The run loop fires every timer due before each frame, in deadline order, in the mode the
/// application is running in (tracking while a scroll view drags), so 0.15 s and 0.75 s delays happen
/// exactly as scheduled.
final class TouchDriver {
    let clock = ManualClock()
    let app: UIApplication
    let window: UIWindow
    private var sequence: UInt64 = 0

    init(size: CGSize = CGSize(width: 400, height: 800)) {
        app = UIApplication(runLoop: EventRunLoop(clock: clock))
        window = UIWindow(frame: CGRect(origin: .zero, size: size))
        app.addWindow(window)
        window.makeKeyAndVisible()
    }

    var recorder: Trace.Recorder { app.trace }
    var trace: [String] { recorder.texts }

    /// The clock time (seconds) at which the first line with `text` was recorded.
    func time(of text: String) -> Double? {
        recorder.lines.first { $0.text == text }.map { Double($0.time) / 1_000_000_000 }
    }

    static func ns(_ seconds: Double) -> UInt64 { UInt64((seconds * 1_000_000_000).rounded()) }

    /// Runs the loop up to `seconds`, firing the timers due on the way.
    func advance(to seconds: Double) {
        advance(toNanoseconds: Self.ns(seconds))
    }

    /// Delivers one HID payload at `time` nanoseconds (timers due before it fire first).
    func post(_ payload: HIDPayload, at time: UInt64) {
        advance(toNanoseconds: time)
        sequence += 1
        let envelope = HIDEnvelope(
            kind: payload.kind, sequence: sequence, senderID: 1, timestamps: HIDHopTimestamps(hardware: time))
        // The app's own path: source1 (fetcher) → source0 (dispatcher) → queue → sendEvent.
        app.eventFetcher.receive(HIDMessage(envelope: envelope, payload: payload))
        app.runMainLoopUntilIdle()
    }

    /// Delivers one digitizer frame at `seconds` carrying `fingers` (every finger that changes in it).
    func frame(at seconds: Double, _ fingers: [HIDFrames.Finger]) {
        post(HIDFrames.frame(at: seconds, fingers).payload, at: Self.ns(seconds))
    }

    func down(_ x: CGFloat, _ y: CGFloat, at seconds: Double, finger: UInt32 = 1) {
        frame(at: seconds, [HIDFrames.finger(finger, Float(x), Float(y), .down)])
    }

    func move(_ x: CGFloat, _ y: CGFloat, at seconds: Double, finger: UInt32 = 1) {
        frame(at: seconds, [HIDFrames.finger(finger, Float(x), Float(y), .move)])
    }

    func up(_ x: CGFloat, _ y: CGFloat, at seconds: Double, finger: UInt32 = 1) {
        frame(at: seconds, [HIDFrames.finger(finger, Float(x), Float(y), .up)])
    }

    /// The system takes the finger away (HID cancel): the touch is cancelled.
    func cancel(_ x: CGFloat, _ y: CGFloat, at seconds: Double, finger: UInt32 = 1) {
        frame(at: seconds, [HIDFrames.finger(finger, Float(x), Float(y), .cancel)])
    }

    /// A tap: down at `start`, up `duration` later at the same place.
    func tap(_ x: CGFloat, _ y: CGFloat, at start: Double, duration: Double = 0.05) {
        down(x, y, at: start)
        up(x, y, at: start + duration)
    }

    /// A drag in `steps` equal moves over `duration`, then the lift at the last point in the last move's time.
    func drag(from a: CGPoint, to b: CGPoint, at start: Double, duration: Double, steps: Int) {
        down(a.x, a.y, at: start)
        for i in 1...steps {
            let f = CGFloat(i) / CGFloat(steps)
            move(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, at: start + duration * Double(f))
        }
        up(b.x, b.y, at: start + duration)
    }

    /// A plain view filling the window, added to it: what a gesture test attaches its recognizers to.
    func addFullScreenView() -> UIView {
        let view = UIView(frame: window.frame)
        window.addSubview(view)
        return view
    }

    /// A root view controller (printed `ViewController`, logging) whose view fills the window.
    @discardableResult
    func installViewController(logs: Bool = true) -> UIViewController {
        let controller = UIViewController()
        controller.traceClassNameOverride = "ViewController"
        controller.logsCalls = logs
        window.rootViewController = controller
        return controller
    }

    private func advance(toNanoseconds time: UInt64) {
        if time > clock.now { app.advanceMainLoop(to: time) }
    }
}
