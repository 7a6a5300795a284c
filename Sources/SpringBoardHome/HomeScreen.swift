import Foundation

/// The home screen's model: which icons exist (slot order), the page on screen, and the rules that tell a
/// tap from a page swipe. The views of `HomeScreenScene` ask it; it knows nothing about UIKit.
package struct HomeScreen: Sendable {
    package var layout: HomeScreenLayout
    package private(set) var page = 0
    /// A finger that moved farther than this from where it went down is not a tap.
    var tapSlop: Double = 10
    /// A horizontal move at least this long (and more horizontal than vertical) changes the page.
    var swipeDistance: Double = 50
    /// Bundle ids in slot order.
    private(set) var icons: [String] = []

    package init(layout: HomeScreenLayout = HomeScreenLayout()) { self.layout = layout }

    package var pageCount: Int { layout.pageCount(icons: icons.count) }

    /// Replaces the icons (the registry changed); keeps the page in range.
    package mutating func setIcons(_ bundleIDs: [String]) {
        icons = bundleIDs
        page = min(page, pageCount - 1)
    }

    package func slot(of bundleID: String) -> Int? { icons.firstIndex(of: bundleID) }

    package func isTap(farthest distance: Double) -> Bool { distance <= tapSlop }

    /// The page a finished swipe of (dx, dy) shows, or nil when it is no page swipe or there is no such page.
    /// Content follows the finger: a swipe to the left shows the next page.
    package func page(afterSwipe dx: Double, _ dy: Double) -> Int? {
        guard abs(dx) >= swipeDistance, abs(dx) > abs(dy) else { return nil }
        let target = dx < 0 ? page + 1 : page - 1
        return (0..<pageCount).contains(target) ? target : nil
    }

    package mutating func show(page newPage: Int) {
        page = max(0, min(newPage, pageCount - 1))
    }
}
