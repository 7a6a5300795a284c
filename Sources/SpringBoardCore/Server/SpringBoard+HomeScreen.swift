// The home screen's source0: SpringBoard consumes the frames itself when no app is in the foreground
// (event-delivery.md section 1, system side step 3).
extension SpringBoard {
    func runHomeScreen() {
        var index = 0
        while index < homeInput.count {
            let sample = homeInput[index]
            index += 1
            guard let action = homeScreen.handle(sample) else { continue }
            switch action {
            case .launch(let bundleID):
                guard let app = registry.record(bundleID: bundleID), app.isReachable else {
                    if configuration.verbose { logger.info("home: \(bundleID) is not running") }
                    continue
                }
                setForeground(app, reason: "icon tap")
            case .page(let page):
                if configuration.verbose { logger.info("home: page \(page)") }
            case .none:
                break
            }
        }
        homeInput.removeAll(keepingCapacity: true)
    }
}
