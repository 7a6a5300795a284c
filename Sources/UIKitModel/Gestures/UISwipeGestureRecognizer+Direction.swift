extension UISwipeGestureRecognizer {
    /// UIKit's `UISwipeGestureRecognizer.Direction` (UIKit's raw values).
    package struct Direction: OptionSet, Hashable, Sendable {
        package let rawValue: UInt
        package init(rawValue: UInt) { self.rawValue = rawValue }

        package static let right = Direction(rawValue: 1 << 0)
        package static let left = Direction(rawValue: 1 << 1)
        package static let up = Direction(rawValue: 1 << 2)
        package static let down = Direction(rawValue: 1 << 3)
    }
}
