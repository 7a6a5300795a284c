import RunLoopKit

/// UIKit's `UIApplication`: owns the main run loop, the FIFO event queue, the event fetcher/dispatcher pair
/// that turns HID messages into UIEvents, the windows, the first responder and the trace recorder.
///
/// Not a singleton: tests and the headless runner create as many applications as they like.
public class UIApplication: UIResponder {
    /// The main thread's run loop: the event sources and every timer (gesture delays, scroll delays) live here.
    public let runLoop: EventRunLoop
    /// The application's trace (also reachable from every attached responder as `traceRecorder`).
    public let trace: UITraceRecorder
    /// Events waiting for `sendEvent(_:)`, first in, first handled.
    let eventQueue = UIEventQueue()
    /// The source0 side: HID messages → UITouches/UIEvents → the queue.
    public private(set) var eventDispatcher: UIEventDispatcher!
    /// The source1 side: raw HID messages in → the dispatcher's source0 signalled.
    public private(set) var eventFetcher: UIEventFetcher!

    /// The app's windows in the order they were added (UIWindowScene's `windows`); see `windowsFrontToBack`.
    public internal(set) var windows: [UIWindow] = []
    /// Not retained (`windows` does) and not weak; `removeWindow` clears it.
    package internal(set) unowned(unsafe) var keyWindow: UIWindow?
    package internal(set) weak var firstResponder: UIResponder?

    /// UIKit's app delegate. Held strongly (UIApplicationMain keeps the delegate alive for the app's lifetime).
    public var delegate: UIApplicationDelegate? {
        didSet {
            // The back reference is not retained (see deinit): a replaced delegate must not keep it.
            if let old = oldValue as? AppDelegate, old !== delegate as? AppDelegate { old.application = nil }
            (delegate as? AppDelegate)?.application = self
        }
    }

    /// The gesture-recognizer stage of touch delivery: windows hand every touch change to it before the
    /// touch's view and execute the `TouchDeliveryPlan` it returns (event-delivery.md section 5). Nil: views
    /// get touches directly.
    package var touchInterceptor: UITouchInterceptor? {
        didSet {
            // A replaced gesture environment that something still holds must not point here once we are gone.
            if let old = oldValue as? UIGestureEnvironment, old !== touchInterceptor as? UIGestureEnvironment {
                old.application = nil
            }
        }
    }

    /// Identifying data from the app's scene file or Info.plist.
    public var bundleIdentifier: String
    public var displayName: String

    var windowOrderStamp: UInt64 = 0
    /// Pushed run-loop modes (Scrolling/UIApplication+RunLoopModes.swift).
    var runLoopModes = UIRunLoopModeStack()
    var frontToBackCache: [UIWindow]?

    /// The back references to the application are neither retained nor weak (a weak reference to it would
    /// put every retain of the application on the runtime's slow path): they are cleared here.
    deinit {
        // A recognizer still tracking an ended touch (a double tap waiting for its second tap) holds the touch, the
        // touch its view, the view the recognizer. Nothing will end that wait without the application: the
        // touches are let go, so the views are freed with their windows.
        for window in windows { window.releaseTrackedTouches() }
        for window in windows { window.application = nil }
        (delegate as? AppDelegate)?.application = nil
        gestureEnvironment?.application = nil
    }

    public init(runLoop: EventRunLoop = EventRunLoop(), bundleIdentifier: String = "", displayName: String = "") {
        self.runLoop = runLoop
        self.bundleIdentifier = bundleIdentifier
        self.displayName = displayName
        let clock = runLoop.clock
        self.trace = UITraceRecorder(clock: { clock.now })
        super.init()
        self.eventDispatcher = UIEventDispatcher(application: self)
        self.eventFetcher = UIEventFetcher(dispatcher: eventDispatcher)
        self.touchInterceptor = UIGestureEnvironment(application: self)
    }

    override var hostApplication: UIApplication? { self }

    /// UIKit: the application's next responder is the app delegate, but only if the delegate is a responder
    /// and not a view, a view controller or the application itself.
    override var chainNext: UIResponder? {
        guard let responder = delegate as? UIResponder else { return nil }
        if responder is UIView || responder is UIViewController || responder === self { return nil }
        return responder
    }

    /// UIKit: passes touch events to the windows of their touches; events without a location (motion, presses)
    /// go to the key window, which hands them to the first responder.
    func sendEvent(_ event: UIEvent) {
        switch event.type {
        case .touches:
            for window in event.windowsWithChangedTouches() { window.sendEvent(event) }
        case .motion, .presses, .remoteControl:
            if let window = keyWindow {
                window.sendEvent(event)
            } else {
                deliverToFirstResponder(event, fallback: self)
            }
        }
    }
}
