import Foundation

/// UIKit's `UIPress`: one physical button from down to up.
public final class UIPress: Hashable {
    /// The buttons of this model's device. (UIKit's `UIPress.PressType` lists remote/keyboard buttons; the
    /// iPhone's home, lock and volume buttons are reported through the same presses path here.)
    public enum PressType: Int, Sendable, CaseIterable {
        case home, lock, volumeUp, volumeDown
    }

    /// UIKit's `UIPress.Phase`.
    public enum Phase: Int, Sendable {
        case began, changed, stationary, ended, cancelled
    }

    public let type: PressType
    public internal(set) var phase: Phase
    public internal(set) var timestamp: TimeInterval

    init(type: PressType, phase: Phase, timestamp: TimeInterval) {
        self.type = type
        self.phase = phase
        self.timestamp = timestamp
    }

    public static func == (lhs: UIPress, rhs: UIPress) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
