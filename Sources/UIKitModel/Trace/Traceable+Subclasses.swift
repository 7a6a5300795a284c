import Foundation

// What a subclass of yours (in another module) uses to appear in traces as the scene's classes do: UIKit's
// own methods record themselves; an override you write records its call with these, like the NSLog a
// developer adds to an override.

extension UIResponder {
    /// Records `-[YourClass selector]` (with the touches and point, for explained traces) if this object logs
    /// `group` (`logGroups`; a scene's `log:`). Call it first thing in an override:
    /// `traceCall("touchesBegan:withEvent:", group: .touches, touches: touches)`.
    public func traceCall(
        _ selector: String, group: Trace.Groups = .all, touches: Set<UITouch>? = nil, point: CGPoint? = nil,
        result: String? = nil, reason: String? = nil
    ) {
        recordCall(selector, group: group, point: point, touches: touches, result: result, reason: reason)
    }

    /// Records a free line (an override's own log output) if this object logs anything.
    public func traceLine(_ text: String) {
        recordLine(text)
    }
}

extension UIGestureRecognizer {
    /// Records `-[YourRecognizer selector]` if this recognizer logs `group` (see `UIResponder.traceCall`).
    public func traceCall(
        _ selector: String, group: Trace.Groups = .all, touches: Set<UITouch>? = nil, point: CGPoint? = nil,
        result: String? = nil, reason: String? = nil
    ) {
        recordCall(selector, group: group, point: point, touches: touches, result: result, reason: reason)
    }

    /// Records a free line if this recognizer logs anything.
    public func traceLine(_ text: String) {
        recordLine(text)
    }
}
