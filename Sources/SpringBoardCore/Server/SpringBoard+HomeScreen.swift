// The home screen: SpringBoard consumes frames itself when no app is in the foreground (event-delivery.md
// section 1, system side step 3). The frames go through UIKit's fetcher and source0 on SpringBoard's run loop
// into `HomeScreenScene`; a tapped icon comes back here.
extension SpringBoard {
    func launchFromHomeScreen(_ bundleID: String) {
        if let launcher, launcher.launches.contains(where: { $0.bundleID == bundleID }), !launcher.isRunning(bundleID) {
            relaunch(bundleID, reason: "icon tap")  // iOS: a tap on a dead app's icon launches it
            return
        }
        guard let app = registry.record(bundleID: bundleID), app.isReachable else {
            if configuration.verbose { logger.info("home: \(bundleID) is not running") }
            return
        }
        setForeground(app, reason: "icon tap")
    }

    /// The apps springboard launches keep their launch order on the home screen (as SpringBoard's icon layout
    /// is its own, not the order apps happen to start in); others follow in registration order.
    func refreshHomeIcons() {
        let launchOrder = launcher?.launches.map(\.bundleID) ?? []
        let shown = registry.apps.enumerated().filter { $0.element.session > 0 }
        let ordered = shown.sorted { a, b in
            let ia = launchOrder.firstIndex(of: a.element.bundleID) ?? launchOrder.count + a.offset
            let ib = launchOrder.firstIndex(of: b.element.bundleID) ?? launchOrder.count + b.offset
            return ia < ib
        }
        homeScreen.setIcons(ordered.map { ($0.element.bundleID, $0.element.displayName) })
    }
}
