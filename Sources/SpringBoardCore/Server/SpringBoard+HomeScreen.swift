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

    func refreshHomeIcons() {
        homeScreen.setIcons(registry.apps.filter { $0.session > 0 }.map { ($0.bundleID, $0.displayName) })
    }
}
