import Foundation

/// UIKit's `UIPress`: one physical button from down to up.
final class UIPress: Hashable {
    /// The buttons of this model's device. (UIKit's `UIPress.PressType` lists remote/keyboard buttons; the
    /// iPhone's home, lock and volume buttons are reported through the same presses path here.)
    enum PressType: Int, Sendable, CaseIterable {
        case home, lock, volumeUp, volumeDown
    }

    /// UIKit's `UIPress.Phase`.
    package enum Phase: Int, Sendable {
        case began, changed, stationary, ended, cancelled
    }

    let type: PressType
    @exclusivity(unchecked)
    package internal(set) var phase: Phase
    @exclusivity(unchecked)
    package internal(set) var timestamp: TimeInterval

    init(type: PressType, phase: Phase, timestamp: TimeInterval) {
        self.type = type
        self.phase = phase
        self.timestamp = timestamp
    }

    static func == (lhs: UIPress, rhs: UIPress) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

// MARK: - UIPressesEvent

/// UIKit's `UIPressesEvent`: the presses event, one object per press sequence.
package final class UIPressesEvent: UIEvent {
    /// Every press currently down (plus the ones that changed in this event).
    @exclusivity(unchecked)
    var allPresses: Set<UIPress> = []
    /// The presses that changed in the event being delivered, and the phase they changed to.
    @exclusivity(unchecked)
    var changedPresses: Set<UIPress> = []
    @exclusivity(unchecked)
    var changedPhase: UIPress.Phase = .began

    init(timestamp: TimeInterval = 0) {
        super.init(type: .presses, timestamp: timestamp)
    }
}
