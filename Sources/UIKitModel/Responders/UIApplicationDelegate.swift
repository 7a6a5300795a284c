/// The application delegate role. UIKit puts the delegate at the end of the responder chain only when it is a
/// `UIResponder` (and not a view, view controller or the application itself).
public protocol UIApplicationDelegate: AnyObject {}
