import Foundation

/// UIKit's `UIPressesEvent`: the presses event, one object per press sequence.
package final class UIPressesEvent: UIEvent {
    /// Every press currently down (plus the ones that changed in this event).
    var allPresses: Set<UIPress> = []
    /// The presses that changed in the event being delivered, and the phase they changed to.
    var changedPresses: Set<UIPress> = []
    var changedPhase: UIPress.Phase = .began

    init(timestamp: TimeInterval = 0) {
        super.init(type: .presses, timestamp: timestamp)
    }
}
