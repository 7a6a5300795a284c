/// What a finished home-screen gesture asks SpringBoard to do.
public enum HomeScreenAction: Equatable, Sendable {
    /// A tap on an icon: bring this app to the foreground.
    case launch(bundleID: String)
    /// A horizontal swipe changed the page.
    case page(Int)
    /// A tap that hit no icon, or a swipe that could not change the page.
    case none
}
