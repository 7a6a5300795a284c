import Foundation
import UIKitModel

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
