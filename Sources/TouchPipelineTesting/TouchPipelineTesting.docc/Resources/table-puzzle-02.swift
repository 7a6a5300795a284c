import TouchPipelineTesting
import UIKitModel
import XCTest

/// UIKit's tap recognizer under a name of your own, so its lines read `-[LXFTapGestureRecognizer ...]`.
final class LXFTapGestureRecognizer: UITapGestureRecognizer {}

/// A cell that logs its touch methods, as an `NSLog` in each override would, and calls super: UIKit's cell
/// passes the touches up the responder chain to the table view, which highlights and selects its rows.
final class PuzzleCell: UITableViewCell {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        traceCall("touchesBegan:withEvent:", group: .touches, touches: touches)
        super.touchesBegan(touches, with: event)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        traceCall("touchesEnded:withEvent:", group: .touches, touches: touches)
        super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        traceCall("touchesCancelled:withEvent:", group: .touches, touches: touches)
        super.touchesCancelled(touches, with: event)
    }
}
