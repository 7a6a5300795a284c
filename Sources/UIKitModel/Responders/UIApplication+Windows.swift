extension UIApplication {
    /// Adds a window to the app (UIKit attaches windows through their window scene). A window takes part in
    /// hit-testing once it is visible.
    public func addWindow(_ window: UIWindow) {
        guard window.application !== self else { return }
        window.application?.removeWindow(window)
        window.application = self
        if !window.isHidden { window.shownStamp = nextShownStamp() }
        windows.append(window)
        windowOrderDidChange()
    }

    func removeWindow(_ window: UIWindow) {
        guard window.application === self else { return }
        windows.removeAll { $0 === window }
        window.application = nil
        if keyWindow === window { keyWindow = nil }
        windowOrderDidChange()
    }

    /// The visible windows in the order UIKit asks them during hit-testing: highest `windowLevel` first, then
    /// the most recently shown. Cached: recomputed only when a window is shown, hidden, added or re-levelled.
    package var windowsFrontToBack: [UIWindow] {
        if let cached = frontToBackCache { return cached }
        let ordered = windows.filter { !$0.isHidden }.sorted {
            if $0.windowLevel != $1.windowLevel { return $0.windowLevel > $1.windowLevel }
            return $0.shownStamp > $1.shownStamp
        }
        frontToBackCache = ordered
        return ordered
    }

    func windowOrderDidChange() {
        frontToBackCache = nil
    }

    func nextShownStamp() -> UInt64 {
        windowOrderStamp += 1
        return windowOrderStamp
    }
}
