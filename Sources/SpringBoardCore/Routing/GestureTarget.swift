/// Who owns the gesture in progress. Chosen when its first finger goes down, kept until the last lifts
/// (Android's InputDispatcher and iOS alike).
package enum GestureTarget {
    /// No finger is down.
    case none
    /// The home screen (no app in the foreground when the gesture began).
    case home
    case app(AppRecord)
    /// SpringBoard took the gesture (swipe up from the bottom edge); the app got cancel.
    case system
    /// The app lost the gesture (foreground changed, it died); the rest of the gesture is dropped.
    case cancelled

    package var name: String {
        switch self {
        case .none: return "none"
        case .home: return "home"
        case .app(let app): return "app:\(app.bundleID)"
        case .system: return "system"
        case .cancelled: return "cancelled"
        }
    }

    package func isApp(_ record: AppRecord) -> Bool {
        if case .app(let app) = self { return app === record }
        return false
    }
}
