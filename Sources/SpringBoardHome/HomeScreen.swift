import Foundation

/// The home screen's model: which icons exist (slot order), the page on screen, and the rules that tell a
/// tap from a page swipe. The views of `HomeScreenScene` ask it; it knows nothing about UIKit.
public struct HomeScreen: Sendable {
    public var layout: HomeScreenLayout
    public private(set) var page = 0
    /// A finger that moved farther than this from where it went down is not a tap.
    public var tapSlop: Double = 10
    /// A horizontal move at least this long (and more horizontal than vertical) changes the page.
    public var swipeDistance: Double = 50
    /// Bundle ids in slot order.
    public private(set) var icons: [String] = []

    public init(layout: HomeScreenLayout = HomeScreenLayout()) { self.layout = layout }

    public var pageCount: Int { layout.pageCount(icons: icons.count) }

    /// Replaces the icons (the registry changed); keeps the page in range.
    public mutating func setIcons(_ bundleIDs: [String]) {
        icons = bundleIDs
        page = min(page, pageCount - 1)
    }

    public func slot(of bundleID: String) -> Int? { icons.firstIndex(of: bundleID) }

    public func isTap(farthest distance: Double) -> Bool { distance <= tapSlop }

    /// The page a finished swipe of (dx, dy) shows, or nil when it is no page swipe or there is no such page.
    /// Content follows the finger: a swipe to the left shows the next page.
    public func page(afterSwipe dx: Double, _ dy: Double) -> Int? {
        guard abs(dx) >= swipeDistance, abs(dx) > abs(dy) else { return nil }
        let target = dx < 0 ? page + 1 : page - 1
        return (0..<pageCount).contains(target) ? target : nil
    }

    public mutating func show(page newPage: Int) {
        page = max(0, min(newPage, pageCount - 1))
    }
}
