import Foundation

/// UIKit's `UIViewController`: owns a root view, child controllers and a presentation relationship.
open class UIViewController: UIResponder {
    @exclusivity(unchecked)
    private var loadedView: UIView?

    @exclusivity(unchecked)
    package internal(set) var children: [UIViewController] = []
    @exclusivity(unchecked)
    package internal(set) weak var parent: UIViewController?
    @exclusivity(unchecked)
    package internal(set) var presentedViewController: UIViewController?
    @exclusivity(unchecked)
    package internal(set) weak var presentingViewController: UIViewController?

    public override init() {
        super.init()
    }

    /// The root view, created on first access (UIKit's `loadView` makes a plain `UIView`), which then calls
    /// `viewDidLoad()`: "called after the view controller has loaded its view hierarchy into memory"
    /// (developer.apple.com/documentation/uikit/uiviewcontroller/viewdidload()).
    public var view: UIView {
        get {
            if let view = loadedView { return view }
            let view = UIView()
            attach(view)
            sendViewDidLoadIfNeeded()
            return view
        }
        set {
            if let old = loadedView, old.viewController === self { old.viewController = nil }
            attach(newValue)
        }
    }

    /// UIKit's `viewDidLoad()`: called once the view exists (a scene's registered controllers: once the whole
    /// scene is built), where a subclass adds recognizers and sets itself as their delegate. Does nothing here.
    /// (developer.apple.com/documentation/uikit/uiviewcontroller/viewdidload())
    open func viewDidLoad() {}

    /// `viewDidLoad()` ran: once per controller, whether the view was loaded on first access or set by a scene.
    @exclusivity(unchecked)
    private var didSendViewDidLoad = false

    /// Calls `viewDidLoad()` unless it already ran: on the first access of `view`, or, for a scene's registered
    /// controllers whose view the scene set, once the whole scene is built.
    package func sendViewDidLoadIfNeeded() {
        guard !didSendViewDidLoad else { return }
        didSendViewDidLoad = true
        viewDidLoad()
    }

    var viewIfLoaded: UIView? { loadedView }
    var isViewLoaded: Bool { loadedView != nil }

    /// The view outlives its controller when a hierarchy keeps it: its back reference must not dangle.
    deinit {
        if let view = loadedView, view.viewController === self { view.viewController = nil }  // not another's
    }

    private func attach(_ view: UIView) {
        view.viewController?.loadedView = nil
        view.viewController = self
        loadedView = view
    }

    override var hostApplication: UIApplication? {
        loadedView?.window?.application ?? presentingViewController?.hostApplication ?? parent?.hostApplication
    }

    /// UIKit's documented rules: the window if this controller's view is the window's root view; the presenting
    /// controller if it was presented; otherwise (a child controller) its view's superview.
    override var chainNext: UIResponder? {
        if let view = loadedView, let window = view.superview as? UIWindow, window.rootViewController === self {
            return window
        }
        if let presenting = presentingViewController { return presenting }
        return loadedView?.superview ?? parent
    }

    /// UIKit containment: `addChild` only records the relationship; the caller places the child's view.
    public func addChild(_ child: UIViewController) {
        guard child.parent !== self else { return }
        child.removeFromParent()
        children.append(child)
        child.parent = self
    }

    package func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
    }

    /// Presents `controller` full screen over this controller's window (UIKit puts presented views in a
    /// transition view above the presenter's; here the presented view becomes the window's frontmost subview).
    /// Presenting from a controller that already presents something presents from the top of that stack.
    public func present(_ controller: UIViewController) {
        if let presented = presentedViewController { return presented.present(controller) }
        presentedViewController = controller
        controller.presentingViewController = self
        guard let window = presentationWindow else { return }
        let view = controller.view
        if view.bounds.size == .zero { view.frame = window.bounds }
        window.addSubview(view)
    }

    /// Dismisses the controller this one presented (and everything it presented), removing their views.
    package func dismiss() {
        guard let presented = presentedViewController else { return }
        presented.dismiss()
        presented.viewIfLoaded?.removeFromSuperview()
        presented.presentingViewController = nil
        presentedViewController = nil
    }

    var presentationWindow: UIWindow? {
        loadedView?.window ?? presentingViewController?.presentationWindow ?? parent?.presentationWindow
    }
}
