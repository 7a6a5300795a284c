import Foundation

/// UIKit's `UIWindow`: the root of a view hierarchy, a responder whose next is the application, and the object
/// whose `sendEvent(_:)` hands touches to gesture recognizers and views.
public class UIWindow: UIView {
    /// Higher levels are in front; hit-testing asks the frontmost window first.
    public var windowLevel: Level = .normal {
        didSet { application?.windowOrderDidChange() }
    }

    /// UIKit: windows are hidden until shown (`makeKeyAndVisible()` or `isHidden = false`).
    public override var isHidden: Bool {
        didSet {
            guard isHidden != oldValue else { return }
            if !isHidden, let app = application { shownStamp = app.nextShownStamp() }
            application?.windowOrderDidChange()
        }
    }

    /// Not retained and not weak (see `UIApplication.deinit`, `removeWindow`).
    unowned(unsafe) var application: UIApplication?
    /// Orders windows of equal level: the most recently shown is in front.
    var shownStamp: UInt64 = 0

    /// UIKit: setting it installs the controller's view as the window's root view, sized to the window.
    public var rootViewController: UIViewController? {
        didSet {
            if let old = oldValue, old !== rootViewController, old.viewIfLoaded?.superview === self {
                old.view.removeFromSuperview()
            }
            guard let controller = rootViewController else { return }
            let view = controller.view
            view.frame = bounds
            insertSubview(view, at: 0)
        }
    }

    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        isHidden = true
    }

    package var isKeyWindow: Bool { application?.keyWindow === self }

    /// UIKit: shows the window in front of the other windows of its level and makes it the key window (the
    /// target of events without a location).
    public func makeKeyAndVisible() {
        if !isHidden, let app = application {
            shownStamp = app.nextShownStamp()
            app.windowOrderDidChange()
        }
        isHidden = false
        makeKey()
    }

    public func makeKey() {
        application?.keyWindow = self
    }

    override var hostApplication: UIApplication? { application }

    /// UIKit: a window's next responder is the application.
    override var chainNext: UIResponder? { application }

    /// UIKit's `sendEvent(_:)`: touches go to their gesture recognizers, then to their views
    /// (`deliverTouches(of:)`); events without a location go to the first responder.
    func sendEvent(_ event: UIEvent) {
        switch event.type {
        case .touches:
            deliverTouches(of: event)
        case .motion, .presses, .remoteControl:
            application?.deliverToFirstResponder(event, fallback: self)
        }
    }
}
