import Foundation

/// UIKit's `UIButton`: highlighted while a touch is down inside it; its primary action is touchUpInside.
open class UIButton: UIControl {
    @exclusivity(unchecked)
    var title: String?

    /// A button titled `title` (its trace and renders show the title).
    public convenience init(frame: CGRect = .zero, title: String?) {
        self.init(frame: frame)
        self.title = title
    }

    /// UIKit: a button's touchUpInside is also its primary action (one `_sendActionsForEvents:` call).
    override func touchUpEvents(inside: Bool) -> UIControl.Event {
        inside ? [.touchUpInside, .primaryActionTriggered] : .touchUpOutside
    }

    /// UIKit: a single-finger single tap on a button belongs to the button.
    override func defaultActionTakesPrecedence(over recognizer: UIGestureRecognizer) -> Bool {
        recognizer.isSingleFingerSingleTap
    }
}
