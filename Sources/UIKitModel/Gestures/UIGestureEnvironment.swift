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
public final class UIGestureEnvironment: UITouchInterceptor {
    public private(set) weak var application: UIApplication?

    /// Recognizers that have received touches since their last reset, in the order they joined.
    var active: [UIGestureRecognizer] = []
    /// Per touch, in the order the touches began.
    var records: [UIGestureTouchRecord] = []
    /// State changes asked for by recognizers and not yet applied, first asked first applied.
    var requests: [(recognizer: UIGestureRecognizer, state: UIGestureRecognizer.State)] = []
    /// True while touches are being handed to recognizers: changes wait until every recognizer has seen
    /// the frame, as in UIKit.
    var isDelivering = false
    var isApplying = false
    /// Some recognizer left possible: withheld touches and held ends may be free to go once the queue is done.
    var needsRelease = false
    /// Counts interceptor passes; stamps withheld frames.
    var frame: UInt64 = 0

    public init(application: UIApplication) {
        self.application = application
    }

    // MARK: UITouchInterceptor

    public func window(_ window: UIWindow, willDeliver touches: [UITouch], event: UIEvent) {
        // Touches that ended in the previous frame keep their recognizers until then (UIKit's
        // `UITouch.gestureRecognizers` still lists them in the view's touchesEnded).
        dropSettledRecords()
        // Fast path: no recognizer tracks anything and no touch begins, so there is nothing to do.
        if records.isEmpty && !touches.contains(where: { $0.phase == .began }) { return }
        frame += 1
        for touch in touches where touch.phase == .began {
            beginTracking(touch, in: window, event: event)
        }
        deliverToRecognizers(touches, event: event)
        applyRequests()
        for touch in touches { decideViewDelivery(of: touch) }
        finishFrame(touches)
    }

    /// The recognizers a touch was given when it began (UIKit's `UITouch.gestureRecognizers`).
    public func recognizers(for touch: UITouch) -> [UIGestureRecognizer]? {
        record(for: touch)?.recognizers
    }

    /// The recognizers currently tracking touches (not yet reset), in the order they joined.
    public var trackingRecognizers: [UIGestureRecognizer] { active }

    // MARK: Collecting and delivering

    /// UIKit: the recognizers of the hit-tested view, then of each ancestor up to the window, that are
    /// enabled, free to take a new touch, and agree to receive it (delegate and subclass `shouldReceive`).
    private func beginTracking(_ touch: UITouch, in window: UIWindow, event: UIEvent) {
        var collected: [UIGestureRecognizer] = []
        var view = touch.view
        while let current = view {
            for recognizer in current.attachedGestureRecognizers where recognizer.acceptsNewTouches {
                guard recognizer.shouldReceive(touch),
                      recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true else { continue }
                collected.append(recognizer)
            }
            view = current.superview
        }
        guard !collected.isEmpty else { return }
        records.append(UIGestureTouchRecord(touch: touch, window: window, event: event, recognizers: collected))
    }

    private func deliverToRecognizers(_ touches: [UITouch], event: UIEvent) {
        var recipients: [UIGestureRecognizer] = []
        for touch in touches {
            guard let record = record(for: touch) else { continue }
            for recognizer in record.recognizers where !recipients.contains(where: { $0 === recognizer }) {
                recipients.append(recognizer)
            }
        }
        guard !recipients.isEmpty else { return }
        isDelivering = true
        defer { isDelivering = false }
        for recognizer in recipients { deliver(touches, event: event, to: recognizer) }
    }

    /// One call per phase, as UIKit's `_updateGestureWithEvent`: began, moved, ended, cancelled.
    private func deliver(_ touches: [UITouch], event: UIEvent, to recognizer: UIGestureRecognizer) {
        var began = Set<UITouch>(), moved = Set<UITouch>(), ended = Set<UITouch>(), cancelled = Set<UITouch>()
        for touch in touches {
            guard let record = record(for: touch), record.recognizers.contains(where: { $0 === recognizer }) else { continue }
            switch touch.phase {
            case .began:
                // A recognizer waiting for a failure has finished its own gesture: it takes no new touch.
                guard recognizer.acceptsNewTouches else { continue }
                began.insert(touch)
            case .moved: if recognizer.tracks(touch) { moved.insert(touch) }
            case .ended: if recognizer.tracks(touch) { ended.insert(touch) }
            case .cancelled: if recognizer.tracks(touch) { cancelled.insert(touch) }
            case .stationary: continue
            }
        }
        if !began.isEmpty, recognizer.receivesTouches {
            recognizer.environment = self
            if !active.contains(where: { $0 === recognizer }) { active.append(recognizer) }
            for touch in touches where began.contains(touch) {
                recognizer.trackedTouches.append(touch)
                recognizer.touchHistory.append(touch)
            }
            recognizer.touchesBegan(began, with: event)
        }
        if !moved.isEmpty, recognizer.receivesTouches { recognizer.touchesMoved(moved, with: event) }
        if !ended.isEmpty, recognizer.receivesTouches { recognizer.touchesEnded(ended, with: event) }
        if !cancelled.isEmpty, recognizer.receivesTouches { recognizer.touchesCancelled(cancelled, with: event) }
    }

    // MARK: End of a frame

    private func finishFrame(_ touches: [UITouch]) {
        if touches.contains(where: { $0.phase.isFinal }) {
            for record in records where record.touch.phase.isFinal { record.isOver = true }
            for recognizer in active where recognizer.trackedTouches.contains(where: { $0.phase.isFinal }) {
                recognizer.lastTrackedTouches = recognizer.trackedTouches
                recognizer.trackedTouches.removeAll { $0.phase.isFinal }
            }
        }
        resetFinishedRecognizers()
    }

    /// UIKit: after ended, recognized, failed or cancelled, and once its touches are gone, a recognizer
    /// resets to possible.
    func resetFinishedRecognizers() {
        guard !isDelivering else { return }
        var index = 0
        while index < active.count {
            let recognizer = active[index]
            let finished = recognizer.appliedState.isFinished && recognizer.currentState.isFinished
            if finished && recognizer.trackedTouches.isEmpty && !requests.contains(where: { $0.recognizer === recognizer }) {
                active.remove(at: index)
                recognizer.performReset()
            } else {
                index += 1
            }
        }
    }

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
        if recognizer.currentState.isInProgress {
            recognizer.state = .cancelled
        } else if recognizer.currentState == .possible {
            recognizer.pendingState = nil
            recognizer.state = .failed
        }
    }

    /// Schedules `body` on the application's run loop (common modes) after `seconds` of its clock: every
    /// gesture delay is a run-loop timer, never a sleep (event-delivery.md §8).
    func schedule(after seconds: TimeInterval, _ body: @escaping () -> Void) -> RunLoopTimer? {
        guard let runLoop = application?.runLoop else { return nil }
        let deadline = runLoop.clock.now &+ UIGestureConstants.nanoseconds(seconds)
        let timer = RunLoopTimer(fireAt: deadline) { [weak self] _ in
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
        guard !isDelivering, !isApplying else { return }
        applyRequests()
        resetFinishedRecognizers()
        dropSettledRecords()
    }

    /// The run loop's clock now, in nanoseconds (velocities are measured on it).
    var now: UInt64 { application?.runLoop.clock.now ?? 0 }
}
