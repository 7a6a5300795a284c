import ControlProtocol
import Foundation
import HIDEvent
import RunLoopKit
import SpringBoardCore
import UIKitModel

/// SpringBoard's own UIKit scene, shown when no app is in the foreground: a window whose root view holds a
/// page of `SBIconView`s per `HomeScreenLayout` page. Frames the home screen owns enter through UIKit's event
/// fetcher, so its source0 (on SpringBoard's run loop) builds the touches and hit-testing picks the icon,
/// exactly as in an app (event-delivery.md section 1, system side step 3).
public final class HomeScreenScene: HomeScreenSeam {
    let application: UIApplication
    package private(set) var model: HomeScreen
    private let window: UIWindow
    private let root: SBHomeScreenView
    private var pages: [UIView] = []
    private var logsCalls = false
    /// Called with the bundle id of a tapped icon.
    public var onLaunch: ((String) -> Void)?
    /// Called with the new page after a page swipe.
    public var onPage: ((Int) -> Void)?

    public init(runLoop: EventRunLoop, layout: HomeScreenLayout) {
        application = UIApplication(runLoop: runLoop, bundleIdentifier: "com.apple.springboard", displayName: "SpringBoard")
        model = HomeScreen(layout: layout)
        let screen = CGRect(x: 0, y: 0, width: layout.screenWidth, height: layout.screenHeight)
        window = UIWindow(frame: screen)
        window.traceClassNameOverride = "SBHomeScreenWindow"
        var swipe: ((Double, Double) -> Void)?
        root = SBHomeScreenView(frame: screen) { dx, dy in swipe?(dx, dy) }
        window.addSubview(root)
        application.addWindow(window)
        window.makeKeyAndVisible()
        swipe = { [unowned self] dx, dy in
            guard let page = model.page(afterSwipe: dx, dy) else { return }
            show(page: page)
            onPage?(page)
        }
    }

    /// Hands one HID message the home screen owns to UIKit (the fetcher signals UIKit's source0).
    public func receive(_ message: HIDMessage) {
        application.eventFetcher.receive(message)
    }

    /// Rebuilds the icon pages for `apps` (bundle id, display name) in slot order.
    public func setIcons(_ apps: [(bundleID: String, displayName: String)]) {
        model.setIcons(apps.map(\.bundleID))
        for page in pages { page.removeFromSuperview() }
        pages = (0..<model.pageCount).map { index in
            let page = UIView(frame: root.bounds)
            page.traceClassNameOverride = "SBIconListView"
            page.tag = index
            page.logsCalls = logsCalls
            root.addSubview(page)
            return page
        }
        for (slot, app) in apps.enumerated() {
            let icon = SBIconView(
                frame: model.layout.iconFrame(slot: slot), bundleID: app.bundleID, displayName: app.displayName,
                isTap: { [unowned self] distance in model.isTap(farthest: distance) },
                onTap: { [unowned self] bundleID in onLaunch?(bundleID) })
            icon.logsCalls = logsCalls
            pages[model.layout.page(ofSlot: slot)].addSubview(icon)
        }
        show(page: model.page)
    }

    public var page: Int { model.page }
    public var pageCount: Int { model.pageCount }

    public func place(of bundleID: String) -> (page: Int, slot: Int)? {
        model.slot(of: bundleID).map { (model.layout.page(ofSlot: $0), $0) }
    }

    public var shown: HomeScreenInfo {
        let icons = pages.indices.contains(model.page) ? pages[model.page].subviews.compactMap { $0 as? SBIconView } : []
        return HomeScreenInfo(
            width: model.layout.screenWidth, height: model.layout.screenHeight, page: model.page,
            pageCount: model.pageCount,
            icons: icons.map { icon in
                HomeIconInfo(
                    bundleID: icon.bundleID, displayName: icon.displayName, x: Double(icon.frame.minX),
                    y: Double(icon.frame.minY), width: Double(icon.frame.width), height: Double(icon.frame.height))
            })
    }

    func show(page: Int) {
        model.show(page: page)
        for (index, view) in pages.enumerated() { view.isHidden = index != model.page }
    }

    /// Log SpringBoard's own hit-testing and touch calls (`-[SBIconView touchesBegan:withEvent:]`) to `sink`.
    public func traceCalls(to sink: @escaping (String) -> Void) {
        logsCalls = true
        for view in [window, root] + pages { view.logsCalls = true }
        for page in pages { for icon in page.subviews { icon.logsCalls = true } }
        application.trace.onRecord = { [unowned self] line in
            sink(line.text)
            application.trace.removeAll()  // streamed out; a long-running SpringBoard keeps none
        }
    }
}

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

/// The home screen's icon grid: pages of `columns` x `rows` icons, iPhone-like metrics (points).
public struct HomeScreenLayout: Equatable, Sendable {
    var screenWidth: Double
    var screenHeight: Double
    var columns: Int
    var rows: Int
    var iconSize: Double
    var topInset: Double
    /// Vertical distance between rows (icon plus its label).
    var rowPitch: Double

    public init(
        screenWidth: Double = 390, screenHeight: Double = 844, columns: Int = 4, rows: Int = 6,
        iconSize: Double = 60, topInset: Double = 70, rowPitch: Double = 100
    ) {
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.columns = columns
        self.rows = rows
        self.iconSize = iconSize
        self.topInset = topInset
        self.rowPitch = rowPitch
    }

    var iconsPerPage: Int { columns * rows }

    /// Equal gaps left, between and right of the icons.
    var columnGap: Double { (screenWidth - Double(columns) * iconSize) / Double(columns + 1) }

    func pageCount(icons: Int) -> Int { max(1, (icons + iconsPerPage - 1) / iconsPerPage) }

    /// The frame of the icon in `slot` (0-based, row-major across pages) on its own page.
    package func iconFrame(slot: Int) -> CGRect {
        let onPage = slot % iconsPerPage
        let column = onPage % columns, row = onPage / columns
        let x = columnGap + Double(column) * (iconSize + columnGap)
        let y = topInset + Double(row) * rowPitch
        return CGRect(x: x, y: y, width: iconSize, height: iconSize)
    }

    package func page(ofSlot slot: Int) -> Int { slot / iconsPerPage }

    /// The slot whose icon contains the point on `page`, if any.
    package func slot(at point: CGPoint, page: Int) -> Int? {
        for onPage in 0..<iconsPerPage {
            let slot = page * iconsPerPage + onPage
            if iconFrame(slot: slot).contains(point) { return slot }
        }
        return nil
    }
}
