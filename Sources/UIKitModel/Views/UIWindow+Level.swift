import Foundation

extension UIWindow {
    /// UIKit's `UIWindow.Level`: a number; higher is in front.
    package struct Level: RawRepresentable, Hashable, Comparable, Sendable {
        package var rawValue: CGFloat
        package init(rawValue: CGFloat) { self.rawValue = rawValue }
        package init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        package static let normal = Level(0)
        package static let statusBar = Level(1000)
        package static let alert = Level(2000)

        package static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }
}
