import Foundation

/// SpringBoard's own scene when no app is in the foreground: an icon grid of the registered apps in pages.
/// It recognises a tap on an icon (finger lifts within `tapSlop` of where it went down, on the same icon) and
/// a horizontal page swipe (at least `swipeDistance`, more horizontal than vertical), from the first finger
/// of each gesture, as SpringBoard's icon list does; extra fingers are ignored.
public struct HomeScreen: Sendable {
    public var layout: HomeScreenLayout
    public private(set) var page = 0
    public var tapSlop: Double = 10
    public var swipeDistance: Double = 50
    /// Bundle ids in slot order.
    public private(set) var icons: [String] = []

    private var tracking: UInt32?
    private var down = CGPoint.zero
    private var farthest: Double = 0

    public init(layout: HomeScreenLayout = HomeScreenLayout()) { self.layout = layout }

    public var pageCount: Int { layout.pageCount(icons: icons.count) }

    /// Replaces the icons (the registry changed); keeps the page in range.
    public mutating func setIcons(_ bundleIDs: [String]) {
        icons = bundleIDs
        page = min(page, pageCount - 1)
    }

    public func slot(of bundleID: String) -> Int? { icons.firstIndex(of: bundleID) }

    /// Feeds one finger of a frame. Returns an action when the gesture's tracked finger lifts.
    public mutating func handle(_ sample: TouchSample) -> HomeScreenAction? {
        let point = CGPoint(x: Double(sample.x), y: Double(sample.y))
        if tracking == nil {
            guard sample.phase.contains(.began) else { return nil }
            tracking = sample.index
            down = point
            farthest = 0
            return nil
        }
        guard tracking == sample.index else { return nil }
        farthest = max(farthest, hypot(point.x - down.x, point.y - down.y))
        guard sample.isLifting else { return nil }
        tracking = nil
        if sample.phase.contains(.cancelled) { return HomeScreenAction.none }
        let dx = point.x - down.x, dy = point.y - down.y
        if farthest <= tapSlop {
            guard let slot = layout.slot(at: down, page: page), slot < icons.count,
                  layout.iconFrame(slot: slot).insetBy(dx: -tapSlop, dy: -tapSlop).contains(point) else { return HomeScreenAction.none }
            return .launch(bundleID: icons[slot])
        }
        if abs(dx) >= swipeDistance, abs(dx) > abs(dy) {
            // Content follows the finger: a swipe to the left shows the next page.
            let target = dx < 0 ? page + 1 : page - 1
            guard (0..<pageCount).contains(target) else { return HomeScreenAction.none }
            page = target
            return .page(target)
        }
        return HomeScreenAction.none
    }

    /// Forgets a half-seen gesture (its fingers were taken elsewhere). The page stays, as on iOS.
    public mutating func reset() {
        tracking = nil
    }
}
