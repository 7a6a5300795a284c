// The home screen: SpringBoard consumes frames itself when no app is in the foreground (event-delivery.md
// section 1, system side step 3). The frames go through UIKit's fetcher and source0 on SpringBoard's run loop
// into `HomeScreenScene`; a tapped icon comes back here.
extension SpringBoard {
    func launchFromHomeScreen(_ bundleID: String) {
        guard let app = registry.record(bundleID: bundleID), app.isReachable else {
            if configuration.verbose { logger.info("home: \(bundleID) is not running") }
            return
        }
        setForeground(app, reason: "icon tap")
    }

    func refreshHomeIcons() {
        homeScreen.setIcons(registry.apps.filter { $0.session > 0 }.map { ($0.bundleID, $0.displayName) })
    }
}
