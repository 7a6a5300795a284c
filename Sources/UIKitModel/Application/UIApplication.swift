import DequeModule
import Foundation
import RunLoopKit

/// UIKit's `UIApplication`: owns the main run loop, the FIFO event queue, the event fetcher/dispatcher pair
/// that turns HID messages into UIEvents, the windows, the first responder and the trace recorder.
///
/// Not a singleton: tests and the headless runner create as many applications as they like.
public class UIApplication: UIResponder {
    /// The main thread's run loop: the event sources and every timer (gesture delays, scroll delays) live here.
    public let runLoop: EventRunLoop
    /// The application's trace (also reachable from every attached responder as `traceRecorder`).
    public let trace: Trace.Recorder
    /// Events waiting for `sendEvent(_:)`, first in, first handled.
    let eventQueue = EventQueue()
    /// The source0 side: HID messages → UITouches/UIEvents → the queue.
    @exclusivity(unchecked)
    public private(set) var eventDispatcher: UIEventDispatcher!
    /// The source1 side: raw HID messages in → the dispatcher's source0 signalled.
    @exclusivity(unchecked)
    public private(set) var eventFetcher: UIEventFetcher!
    /// The app's display, when it has one (`FrameClock.init` attaches it): events are then delivered once per
    /// frame. nil: each event is dispatched as soon as the fetcher reads it (immediate dispatch).
    @exclusivity(unchecked)
    public internal(set) var display: FrameClock? {
        didSet { unretainedDisplay = display.map { Unmanaged.passUnretained($0) } }
    }
    /// `display`, not retained (`display` holds it), for the reads on every event (the fetcher's, the dispatcher's,
    /// the host's): a read of `display` retained and released it, or called `swift_retain` on nil (issue 27).
    @exclusivity(unchecked)
    package private(set) var unretainedDisplay: Unmanaged<FrameClock>?
    /// The scene asked for immediate dispatch (`display: {immediateDispatch: true}`): a host's default display
    /// (`configureDisplay`'s `defaultRefreshHz`) is not attached; an explicit refresh rate still is.
    @exclusivity(unchecked)
    public var prefersImmediateDispatch = false

    /// The app's windows in the order they were added (UIWindowScene's `windows`); see `windowsFrontToBack`.
    @exclusivity(unchecked)
    public internal(set) var windows: [UIWindow] = []
    /// Not retained (`windows` does) and not weak; `removeWindow` clears it.
    @exclusivity(unchecked)
    package internal(set) unowned(unsafe) var keyWindow: UIWindow?
    @exclusivity(unchecked)
    package internal(set) weak var firstResponder: UIResponder?

    /// UIKit's app delegate. Held strongly (UIApplicationMain keeps the delegate alive for the app's lifetime).
    @exclusivity(unchecked)
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
    @exclusivity(unchecked)
    package var touchInterceptor: TouchInterceptor? {
        didSet {
            // A replaced gesture environment that something still holds must not point here once we are gone.
            if let old = oldValue as? UIGestureEnvironment, old !== touchInterceptor as? UIGestureEnvironment {
                old.application = nil
            }
        }
    }

    /// Identifying data from the app's scene file or Info.plist.
    @exclusivity(unchecked)
    public var bundleIdentifier: String
    /// The name under the app's icon on the home screen.
    @exclusivity(unchecked)
    public var displayName: String

    @exclusivity(unchecked)
    var windowOrderStamp: UInt64 = 0
    /// Pushed run-loop modes (the main loop, below).
    @exclusivity(unchecked)
    var runLoopModes = RunLoopModeStack()
    @exclusivity(unchecked)
    var frontToBackCache: [UIWindow]?
    /// `sendEvent(_:)`'s list of the windows a touches event goes to, kept between events.
    @exclusivity(unchecked)
    var changedWindowsScratch: [UIWindow] = []

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
        gestureEnvironment?.tearDown()
        // The dispatcher's source0 does not retain the dispatcher (its perform runs every event): it leaves the
        // loop, which may outlive the application, with it.
        runLoop.remove(eventDispatcher.source, mode: .common)
    }

    /// An application on `runLoop` (a manual clock's in tests), with its event fetcher and dispatcher and no windows.
    public init(runLoop: EventRunLoop = EventRunLoop(), bundleIdentifier: String = "", displayName: String = "") {
        self.runLoop = runLoop
        self.bundleIdentifier = bundleIdentifier
        self.displayName = displayName
        let clock = runLoop.clock
        self.trace = Trace.Recorder(clock: { clock.now })
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
            // Listed first, then sent (a window's delivery may change the touches), in a reused buffer: taken out
            // so a nested sendEvent lists its own, and put back emptied with its capacity (issue 27).
            var windows: [UIWindow] = []
            swap(&windows, &changedWindowsScratch)
            event.collectWindowsWithChangedTouches(into: &windows)
            // `windows` (this call's own array until it is put back) holds each window for the loop.
            windows.forEachUnretained { window in window.sendEvent(event) }
            windows.removeAllKeepingStorage()
            swap(&windows, &changedWindowsScratch)
        case .motion, .presses, .remoteControl:
            if let window = keyWindow {
                window.sendEvent(event)
            } else {
                deliverToFirstResponder(event, fallback: self)
            }
        }
    }
}

// MARK: - Windows

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

// MARK: - Responder events

extension UIApplication {
    /// Events with no location (motion, presses, remote control) go to the first responder and travel the
    /// responder chain from there (event-delivery.md section 4). With no first responder, delivery starts at
    /// `fallback` (the key window, or the application), as UIKit does.
    func deliverToFirstResponder(_ event: UIEvent, fallback: UIResponder) {
        let target = firstResponder ?? fallback
        switch event.type {
        case .motion:
            switch event.motionPhase {
            case .began: target.motionBegan(event.subtype, with: event)
            case .ended: target.motionEnded(event.subtype, with: event)
            case .cancelled: target.motionCancelled(event.subtype, with: event)
            }
        case .presses:
            guard let pressesEvent = event as? UIPressesEvent else { return }
            let presses = pressesEvent.changedPresses
            guard !presses.isEmpty else { return }
            switch pressesEvent.changedPhase {
            case .began: target.pressesBegan(presses, with: pressesEvent)
            case .changed, .stationary: target.pressesChanged(presses, with: pressesEvent)
            case .ended: target.pressesEnded(presses, with: pressesEvent)
            case .cancelled: target.pressesCancelled(presses, with: pressesEvent)
            }
        case .touches, .remoteControl:
            return
        }
    }
}

// MARK: - Event queue

extension UIApplication {
    /// UIKit: dequeues events first in, first out and hands each to `sendEvent(_:)`.
    /// Not inlined: deploy/measure counts UIKit's dispatch as this function's inclusive cost.
    @inline(never)
    func processEventQueue() {
        while let event = eventQueue.dequeue() {
            sendEvent(event)
        }
    }
}

/// UIApplication's event queue: first in, first handled (event-delivery.md section 1, app side step 2).
/// A ring buffer (`Deque`) so steady traffic does not allocate.
final class EventQueue {
    @exclusivity(unchecked)
    private var events: Deque<UIEvent>

    init(capacity: Int = 16) {
        events = Deque(minimumCapacity: max(capacity, 1))
    }

    var count: Int { events.count }
    var isEmpty: Bool { events.isEmpty }

    func enqueue(_ event: UIEvent) {
        events.append(event)
    }

    func dequeue() -> UIEvent? {
        events.popFirst()
    }
}

// MARK: - Hit testing

extension UIApplication {
    /// Finds the view for a point in screen coordinates: UIKit asks the visible windows front to back (highest
    /// level, then most recently shown); a window is hit-tested as a view. Returns the first window that
    /// answers non-nil, with the view.
    package func hitTest(screenPoint: CGPoint, with event: UIEvent?) -> (window: UIWindow, view: UIView)? {
        for window in windowsFrontToBack {
            let point = window.pointFromSuperviewSpace(screenPoint)
            if let view = window.hitTest(point, with: event) { return (window, view) }
        }
        return nil
    }
}

// MARK: - Send action

extension UIApplication {
    /// UIKit's `sendAction(_:to:from:for:)`: delivers `action` to `target`, or, when `target` is nil, to the
    /// first responder in the chain that implements it, starting at the first responder (or at `sender` when
    /// there is none). Returns false, recording a line, when nobody implements the action (UIKit drops it
    /// silently; the line makes the drop visible).
    @discardableResult
    public func sendAction(_ action: String, to target: AnyObject?, from sender: AnyObject?, for event: UIEvent?) -> Bool {
        let receiver: UIResponder?
        if let target {
            // An explicit target that is not a responder cannot implement named actions in this model.
            receiver = target as? UIResponder
        } else {
            let start = firstResponder ?? (sender as? UIResponder)
            receiver = start?.target(forAction: action, withSender: sender)
        }
        if let receiver, receiver.performAction(action, sender: sender, event: event) { return true }
        traceRecorder?.record(UIApplication.droppedActionLine(action, target: target), group: "actions")
        return false
    }

    /// The trace line for an action nobody received.
    static func droppedActionLine(_ action: String, target: AnyObject?) -> String {
        guard let target else { return "\(action) dropped: no responder in the chain implements it" }
        guard let responder = target as? UIResponder else { return "\(action) dropped: its target is not a responder" }
        return "\(action) dropped: \(responder.traceClassName) does not implement it"
    }
}

// MARK: - Gesture environment

extension UIApplication {
    /// UIKit's per-application gesture environment: the window's first delivery stage, installed as the
    /// application's `touchInterceptor` when the application is created. Nil if a test replaced it.
    var gestureEnvironment: UIGestureEnvironment? {
        touchInterceptor as? UIGestureEnvironment
    }
}

// MARK: - Run loop modes

extension UIApplication {
    /// The mode the main run loop runs in: the most recently pushed mode, or the default mode.
    ///
    /// UIKit (GraphicsServices' `GSEventRunModal`) runs the main loop as a series of `CFRunLoopRunInMode` calls
    /// in the mode on top of a stack; pushing or popping a mode stops the current run so the next one runs in
    /// the new mode. A scroll view pushes `UITrackingRunLoopMode` while a finger drags it, which is why timers
    /// added only to the default mode pause during a drag.
    var currentRunLoopMode: RunLoopMode { runLoopModes.current }

    /// Pushes `mode` for `requester`; the main loop re-enters in `mode`.
    func pushRunLoopMode(_ mode: RunLoopMode, requester: AnyObject) {
        let previous = currentRunLoopMode
        runLoopModes.requests.append(.init(mode: mode, requester: ObjectIdentifier(requester)))
        runLoopModeDidChange(from: previous, selector: "_pushRunLoopMode:requester:", mode: mode)
    }

    /// Pops the most recent push of `mode` by `requester`; the main loop goes back to the mode below it.
    func popRunLoopMode(_ mode: RunLoopMode, requester: AnyObject) {
        let id = ObjectIdentifier(requester)
        guard let index = runLoopModes.requests.lastIndex(where: { $0.mode == mode && $0.requester == id }) else { return }
        let previous = currentRunLoopMode
        runLoopModes.requests.remove(at: index)
        runLoopModeDidChange(from: previous, selector: "_popRunLoopMode:requester:", mode: mode)
    }

    /// Records the push or pop (always: a mode switch changes which timers of the whole app can fire) and stops
    /// the active run, if any, so the main loop re-enters in the new mode.
    private func runLoopModeDidChange(from previous: RunLoopMode, selector: String, mode: RunLoopMode) {
        trace.record("-[UIApplication \(selector)] \(mode.name)", group: "scrolling")
        guard currentRunLoopMode != previous, runLoop.currentMode != nil else { return }
        runLoopModes.switchPending = true
        runLoop.stop()
    }

    // MARK: Running the main loop (GSEventRunModal)

    /// Runs the main loop until `deadline` (nil: forever) in the current mode, re-entering in the new mode
    /// each time a push or pop stopped the run. Returns the first result not caused by a mode switch.
    @discardableResult
    public func runMainLoop(until deadline: UInt64? = nil) -> RunLoopRunResult {
        reenteringOnModeSwitch { runLoop.run(mode: $0, until: deadline) }
    }

    /// Manual-clock driving (tests, the headless runner): `EventRunLoop.advance(to:mode:)` in the current mode,
    /// re-entering after mode switches, so default-mode timers do not fire while a scroll view tracks.
    @discardableResult
    public func advanceMainLoop(to time: UInt64) -> RunLoopRunResult {
        reenteringOnModeSwitch { runLoop.advance(to: time, mode: $0) }
    }

    /// `EventRunLoop.runUntilIdle(mode:)` in the current mode, re-entering after mode switches.
    @discardableResult
    public func runMainLoopUntilIdle() -> RunLoopRunResult {
        reenteringOnModeSwitch { runLoop.runUntilIdle(mode: $0) }
    }

    private func reenteringOnModeSwitch(_ run: (RunLoopMode) -> RunLoopRunResult) -> RunLoopRunResult {
        while true {
            runLoopModes.switchPending = false
            let result = run(currentRunLoopMode)
            guard result == .stopped, runLoopModes.switchPending else { return result }
        }
    }
}

// MARK: - Display

extension UIApplication {
    /// A host's display options over the scene's `display:` key: `immediate` removes any display (every event
    /// dispatched when read); a `refreshHz` or `renderDelayFrames` gives the app a display with those values
    /// (the scene's for the one not given; 60 Hz and 1 frame by default). With neither, the scene's display stays;
    /// a scene without one gets `defaultRefreshHz` (`app-host serve`: 60 Hz, as UIKit always delivers once per
    /// frame) unless it asked for immediate dispatch, or nil keeps it without a display.
    public func configureDisplay(
        refreshHz: UInt32?, renderDelayFrames: UInt64?, immediate: Bool, defaultRefreshHz: UInt32? = nil
    ) {
        if immediate {
            display?.detach()
            return
        }
        guard refreshHz != nil || renderDelayFrames != nil else {
            if display == nil, !prefersImmediateDispatch, let defaultRefreshHz {
                _ = FrameClock(application: self, refreshHz: defaultRefreshHz)
            }
            return
        }
        let rate = refreshHz ?? display?.refreshHz ?? FrameClock.defaultRefreshHz
        let delay = renderDelayFrames ?? display?.renderDelayFrames ?? FrameClock.defaultRenderDelayFrames
        display?.detach()
        _ = FrameClock(application: self, refreshHz: rate, renderDelayFrames: delay)
    }
}

// MARK: - Run-loop orders

extension UIApplication {
    /// Where the app's run-loop sources sit in a pass (a pass performs its source0s, and its ready source1s,
    /// lowest order first): UIKit's own, and the places a host puts its sources relative to them. Every
    /// order on an app's run loop comes from here, so "after UIKit" is written down once.
    public enum RunLoopOrder {
        /// UIKit's event source0 (`__handleEventQueue`): ahead of every source0 added without an order (0).
        public static let eventQueue = -1
        /// After UIKit's event source0 and every source0 of the pass added without an order: a source0 here sees every
        /// event read so far through `sendEvent` (an app host's acknowledgements).
        public static let afterEvents = 1000
        /// The app port's source1 (`UIEventFetcher`): first of the source1s.
        public static let eventFetcher = 0
        /// A host's source1s after the app port (its channel monitor).
        public static let afterEventFetcher = eventFetcher + 1
    }
}

// MARK: - RunLoopModeStack

/// The run-loop modes pushed on an application (UIKit's `-[UIApplication _pushRunLoopMode:requester:reason:]`
/// stack), and whether the running loop must re-enter in a new mode.
struct RunLoopModeStack {
    struct Request {
        let mode: RunLoopMode
        /// Compared by identity when popping, so two requesters pop only their own pushes.
        let requester: ObjectIdentifier
    }

    /// Oldest first; the last one is the mode the main loop runs in.
    var requests: [Request] = []
    /// Set when the top mode changed while a run was active: that run was stopped to re-enter in the new mode.
    var switchPending = false

    var current: RunLoopMode { requests.last?.mode ?? .default }
}

// MARK: - UIApplicationDelegate

/// The application delegate role. UIKit puts the delegate at the end of the responder chain only when it is a
/// `UIResponder` (and not a view, view controller or the application itself).
public protocol UIApplicationDelegate: AnyObject {}

// MARK: - AppDelegate

/// The app delegate every Xcode template creates: a `UIResponder` conforming to `UIApplicationDelegate`,
/// so it is the last link of the responder chain (printed `AppDelegate`).
public class AppDelegate: UIResponder, UIApplicationDelegate {
    /// Set when assigned as an application's delegate; the delegate reaches the trace recorder through it.
    @exclusivity(unchecked)
    unowned(unsafe) var application: UIApplication?

    override var hostApplication: UIApplication? { application }
}
