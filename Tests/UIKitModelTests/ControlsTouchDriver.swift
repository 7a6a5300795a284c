import Foundation
import HIDEvent
import RunLoopKit
@testable import UIKitModel

/// Drives one application with a manual clock for the controls, scroll view and table view tests: fingers go
/// down, move and lift at exact times; the run loop fires every timer due before each frame, in the mode
/// the application is running in, so 0.15 s and 0.75 s delays happen exactly as scheduled.
final class ControlsTouchDriver {
    let clock = ManualClock()
    let app: UIApplication
    let window: UIWindow
    private var sequence: UInt64 = 0

    init(size: CGSize = CGSize(width: 320, height: 480)) {
        app = UIApplication(runLoop: EventRunLoop(clock: clock))
        window = UIWindow(frame: CGRect(origin: .zero, size: size))
        app.addWindow(window)
        window.makeKeyAndVisible()
    }

    var recorder: UITraceRecorder { app.trace }
    var trace: [String] { recorder.texts }

    static func ns(_ seconds: Double) -> UInt64 { UInt64((seconds * 1e9).rounded()) }

    /// Runs the loop up to `seconds`, firing the timers due on the way.
    func advance(to seconds: Double) {
        app.advanceMainLoop(to: Self.ns(seconds))
    }

    func down(_ x: CGFloat, _ y: CGFloat, at seconds: Double, finger: UInt32 = 1) {
        send(finger: finger, phase: .began, mask: [.touch, .range, .position], x: x, y: y, at: seconds)
    }

    func move(_ x: CGFloat, _ y: CGFloat, at seconds: Double, finger: UInt32 = 1) {
        send(finger: finger, phase: .changed, mask: [.position], x: x, y: y, at: seconds)
    }

    func up(_ x: CGFloat, _ y: CGFloat, at seconds: Double, finger: UInt32 = 1) {
        send(finger: finger, phase: .ended, mask: [.touch, .range], x: x, y: y, at: seconds)
    }

    /// The system takes the finger away (HID cancel): the touch is cancelled.
    func cancel(_ x: CGFloat, _ y: CGFloat, at seconds: Double, finger: UInt32 = 1) {
        send(finger: finger, phase: .cancelled, mask: [.cancel], x: x, y: y, at: seconds)
    }

    /// A tap: down at `start`, up `duration` later at the same place.
    func tap(_ x: CGFloat, _ y: CGFloat, at start: Double, duration: Double = 0.05) {
        down(x, y, at: start)
        up(x, y, at: start + duration)
    }

    /// A drag in `steps` equal moves over `duration`, then the lift at the last point.
    func drag(from a: CGPoint, to b: CGPoint, at start: Double, duration: Double, steps: Int) {
        down(a.x, a.y, at: start)
        for i in 1...steps {
            let f = CGFloat(i) / CGFloat(steps)
            move(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, at: start + duration * Double(f))
        }
        up(b.x, b.y, at: start + duration)
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

    private func send(finger: UInt32, phase: HIDDigitizerPhase, mask: HIDDigitizerEventMask, x: CGFloat, y: CGFloat, at seconds: Double) {
        advance(to: seconds)
        sequence += 1
        let child = HIDDigitizerEvent(
            phase: phase, transducerIndex: finger, eventMask: mask, x: Float(x), y: Float(y),
            tipPressure: phase == .ended ? 0 : 1)
        let envelope = HIDEnvelope(
            kind: .digitizer, sequence: sequence, senderID: 1, timestamps: HIDHopTimestamps(hardware: Self.ns(seconds)))
        // The app's own path: source1 (fetcher) → source0 (dispatcher) → queue → sendEvent.
        app.eventFetcher.receive(HIDMessage(envelope: envelope, payload: .digitizer(HIDDigitizerFrame(fingers: [child]))))
        app.runMainLoopUntilIdle()
    }
}
