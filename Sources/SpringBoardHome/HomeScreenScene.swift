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
