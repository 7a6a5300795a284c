extension UIWindow {
    /// Touch half of `sendEvent(_:)`: the interceptor (gesture recognizers) first, then each touch's view.
    func deliverTouches(of event: UIEvent) {
        var changed: [UITouch] = []
        changed.reserveCapacity(event.touchesInOrder.count)
        for touch in event.touchesInOrder where touch.window === self && touch.phase != .stationary {
            changed.append(touch)
        }
        guard !changed.isEmpty else { return }
        application?.touchInterceptor?.window(self, willDeliver: changed, event: event)
        deliverToViewsHonoringDeliveryState(changed, event: event)
    }

    /// Delivers the frame's touches to their views, skipping touches a recognizer withheld or cancelled and
    /// touches whose began the view never got. Grouped as UIKit calls them: per view (in the order the views'
    /// first touches came down), one call per phase (began, moved, ended, cancelled), so two fingers landing
    /// in one frame on one view arrive in one `touchesBegan` with two touches.
    func deliverToViewsHonoringDeliveryState(_ touches: [UITouch], event: UIEvent) {
        var eligible: [UITouch] = []
        eligible.reserveCapacity(touches.count)
        for touch in touches where touch.view != nil {
            let state = touch.delivery
            if state.isCancelledForView || state.isWithheldFromView || state.viewIsDone { continue }
            if touch.phase == .ended && state.isEndWithheldFromView { continue }
            if touch.phase != .began && !state.beganDeliveredToView { continue }
            eligible.append(touch)
        }
        deliverToViews(eligible, event: event)
    }

    /// Delivers `touches` to their views in their current phases, grouped per view and phase, and records the
    /// delivery on each touch. The gesture layer calls it to replay withheld touches.
    public func deliverToViews(_ touches: [UITouch], event: UIEvent) {
        guard !touches.isEmpty else { return }
        var views: [UIView] = []
        for touch in touches {
            guard let view = touch.view, !views.contains(where: { $0 === view }) else { continue }
            views.append(view)
        }
        for view in views {
            for phase in UIWindow.deliveryPhaseOrder {
                var group = Set<UITouch>()
                for touch in touches where touch.view === view && touch.phase == phase { group.insert(touch) }
                guard !group.isEmpty else { continue }
                deliver(group, phase: phase, to: view, event: event)
            }
        }
    }

    /// Delivers `touches` to their views as if they were in `phase` (a withheld began replayed while the touch
    /// has already moved on; a held-back end released).
    public func deliverToViews(_ touches: [UITouch], phase: UITouch.Phase, event: UIEvent) {
        var views: [UIView] = []
        for touch in touches {
            guard let view = touch.view, !views.contains(where: { $0 === view }) else { continue }
            views.append(view)
        }
        for view in views {
            let group = Set(touches.filter { $0.view === view })
            deliver(group, phase: phase, to: view, event: event)
        }
    }

    /// UIKit: when a recognizer takes touches (cancelsTouchesInView), their views get `touchesCancelled` for the
    /// touches they had seen and nothing more of them.
    public func cancelTouchesInViews(_ touches: [UITouch], event: UIEvent) {
        let seen = touches.filter { $0.delivery.beganDeliveredToView && !$0.delivery.viewIsDone && !$0.delivery.isCancelledForView }
        deliverToViews(seen, phase: .cancelled, event: event)
        for touch in touches { touch.delivery.isCancelledForView = true }
    }

    private static let deliveryPhaseOrder: [UITouch.Phase] = [.began, .moved, .ended, .cancelled]

    private func deliver(_ group: Set<UITouch>, phase: UITouch.Phase, to view: UIView, event: UIEvent) {
        switch phase {
        case .began: view.touchesBegan(group, with: event)
        case .moved: view.touchesMoved(group, with: event)
        case .ended: view.touchesEnded(group, with: event)
        case .cancelled: view.touchesCancelled(group, with: event)
        case .stationary: return
        }
        for touch in group {
            if phase == .began { touch.delivery.beganDeliveredToView = true }
            touch.delivery.lastPhaseDeliveredToView = phase
        }
    }
}
