import Foundation
import RunLoopKit

/// UIKit's gesture environment (one per application): the stage of `UIWindow.sendEvent(_:)` that runs
/// before the views (event-delivery.md §5).
///
/// For each frame it (1) collects, for every touch that begins, the enabled recognizers of the hit-tested
/// view and its ancestors that agree to receive it; (2) delivers every touch change to those recognizers;
/// (3) applies the state changes they asked for — failure requirements, `shouldBegin`, exclusivity, actions,
/// cancelling the views' touches; (4) decides what the views get of this frame (withheld while a
/// `delaysTouchesBegan` recognizer is possible, `touchesEnded` held while a `delaysTouchesEnded` one is), and
/// replays or releases what was held once nothing holds it; (5) resets finished recognizers whose touches
/// are gone. The window then delivers the rest to the views.
final class UIGestureEnvironment: UITouchInterceptor {
    /// Not retained (the application owns its environment) and not weak; the application's deinit clears it.
    unowned(unsafe) var application: UIApplication?

    /// Recognizers that have received touches since their last reset, in the order they joined.
    var active: [UIGestureRecognizer] = []
    /// Per touch, in the order the touches began.
    var records: [UIGestureTouchRecord] = []
    /// State changes asked for by recognizers and not yet applied, first asked first applied.
    var requests: [(recognizer: UIGestureRecognizer, state: UIGestureRecognizer.State)] = []
    /// Whether touches are being handed to recognizers or queued changes applied (GestureEnvironmentPass).
    var pass = GestureEnvironmentPass.idle
    /// Counts interceptor passes; stamps withheld frames.
    var frame: UInt64 = 0

    init(application: UIApplication) {
        self.application = application
    }

    // MARK: UITouchInterceptor

    func window(_ window: UIWindow, willDeliver touches: [UITouch], event: UIEvent) -> TouchDeliveryPlan {
        // Touches that ended in the previous frame keep their recognizers until then (UIKit's
        // `UITouch.gestureRecognizers` still lists them in the view's touchesEnded).
        dropSettledRecords()
        var plan = TouchDeliveryPlan(delivering: touches)
        // Fast path: no recognizer tracks anything and no touch begins, so there is nothing to do.
        if records.isEmpty && !touches.contains(where: { $0.phase == .began }) { return plan }
        frame += 1
        for touch in touches where touch.phase == .began {
            beginTracking(touch, in: window, event: event)
        }
        deliverToRecognizers(touches, event: event)
        // Cancellations and replays decided while applying (an action, a failure) are executed by the window
        // as they are decided, so views get them in UIKit's order relative to the actions.
        applyRequests()
        for touch in touches where withholdsFromView(touch) { plan.withhold(touch) }
        finishFrame(touches)
        return plan
    }

    /// The recognizers a touch was given when it began (UIKit's `UITouch.gestureRecognizers`).
    func recognizers(for touch: UITouch) -> [UIGestureRecognizer]? {
        record(for: touch)?.recognizers
    }

    /// The recognizers currently tracking touches (not yet reset), in the order they joined.
    var trackingRecognizers: [UIGestureRecognizer] { active }

    func dropSettledRecords() {
        records.removeAll { $0.isSettled }
    }

    func record(for touch: UITouch) -> UIGestureTouchRecord? {
        records.first { $0.touch === touch }
    }

    // MARK: Recognizer-side entry points

    func recognizer(_ recognizer: UIGestureRecognizer, ignores touch: UITouch) {
        record(for: touch)?.recognizers.removeAll { $0 === recognizer }
    }

    /// UIKit: disabling (or removing) a tracking recognizer cancels it if under way, fails it if possible.
    func recognizerWasDisabled(_ recognizer: UIGestureRecognizer) {
        guard active.contains(where: { $0 === recognizer }) else { return }
        if recognizer.state.isInProgress {
            recognizer.state = .cancelled
        } else if recognizer.state == .possible {
            recognizer.machine.stopWaiting()
            recognizer.state = .failed
        }
    }

    /// Schedules `body` on the application's run loop (common modes) after `seconds` of its clock: every
    /// gesture delay is a run-loop timer, never a sleep (event-delivery.md §8).
    func schedule(
        after seconds: TimeInterval, name: @autoclosure @escaping () -> String? = nil, _ body: @escaping () -> Void
    ) -> RunLoopTimer? {
        guard let runLoop = application?.runLoop else { return nil }
        let deadline = runLoop.clock.now &+ UIGestureConstants.nanoseconds(seconds)
        // Named for run-loop traces (`timer fired LXFTapGestureRecognizer after 0.75 s`).
        let timer = RunLoopTimer(fireAt: deadline, name: name() ?? "UIGestureEnvironment after \(seconds) s") { [weak self] _ in
            body()
            self?.settleAfterCallout()
        }
        runLoop.add(timer, mode: .common)
        return timer
    }

    /// After a timer or other out-of-frame change: apply what was asked, reset, forget settled touches.
    /// Inside a frame, or while changes are being applied (an action setting another recognizer's state),
    /// the pass already running picks the change up.
    func settleAfterCallout() {
        guard pass == .idle else { return }
        applyRequests()
        resetFinishedRecognizers()
        dropSettledRecords()
    }

    /// The run loop's clock now, in nanoseconds (velocities are measured on it).
    var now: UInt64 { application?.runLoop.clock.now ?? 0 }
}
