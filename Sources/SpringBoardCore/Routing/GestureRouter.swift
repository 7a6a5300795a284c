import AppChannel
import Foundation
import HIDEvent
import Logging
import RunLoopKit
import ZeroMQ

/// Who gets each HID frame: the gesture latch picks the target at the first finger down (the foreground app,
/// or the home screen when none is), and the target keeps the gesture until the last finger lifts; a swipe
/// up from the bottom edge takes an app's gesture for the system; the home button is springboard's. Owns the
/// latch, the foreground changes, the cancels springboard makes, and the home screen (event-delivery.md
/// section 1, system side step 3: springboard consumes frames itself when no app is in the foreground; they
/// go through UIKit's fetcher and source0 on springboard's run loop into `HomeScreenScene`, and a tapped icon
/// comes back here).
final class GestureRouter {
    /// Who owns the gesture in progress and its live fingers (read by `status`).
    @exclusivity(unchecked)
    private(set) var latch = GestureLatch()
    let homeScreen: any HomeScreenSeam
    private let systemGesture: SystemGestureDetector
    private let registry: AppRegistry
    private let delivery: AppDelivery
    private let counters: SpringBoardCounters
    private let log: SpringBoardLog
    private let clock: RunLoopClock
    /// The apps springboard launches: a tap on a dead one's icon relaunches it; they lead the icon order.
    @exclusivity(unchecked)
    var launcher: AppLauncher?
    /// The sender id and sequence of the frames springboard makes (cancels).
    private let ownSenderID: UInt64
    @exclusivity(unchecked)
    private var ownSequence: UInt64 = 0
    /// Scratch for synthesized cancels.
    @exclusivity(unchecked)
    private var cancelBytes: [UInt8] = []

    init(
        homeScreen: any HomeScreenSeam, screenHeight: Double, registry: AppRegistry, delivery: AppDelivery,
        counters: SpringBoardCounters, log: SpringBoardLog, clock: RunLoopClock
    ) {
        self.homeScreen = homeScreen
        self.systemGesture = SystemGestureDetector(screenHeight: Float(screenHeight))
        self.registry = registry
        self.delivery = delivery
        self.counters = counters
        self.log = log
        self.clock = clock
        ownSenderID = 0x5342_0000_0000_0000 | UInt64(UInt32(bitPattern: getpid()))
        cancelBytes.reserveCapacity(64 + 8 + 33 * 96)
        homeScreen.onLaunch = { [unowned self] bundleID in launchFromHomeScreen(bundleID) }
        homeScreen.onPage = { [unowned self] page in
            log.verboseInfo("home: page \(page + 1) of \(self.homeScreen.pageCount)")
        }
        if log.verbose { homeScreen.traceCalls { [logger = log.logger] line in logger.info("home: \(line)") } }
    }

    // MARK: Routing

    /// Routes a validated frame of the event port (`message`, its HID bytes `raw`, viewed as `view`; `inPlace`:
    /// `message` has the event room in front of `raw` and may be sent to the app as it is). Returns true when
    /// a home-screen gesture just ended: the event port then lets the home screen's source0 act on it (it may
    /// bring an app to the foreground) before the next gesture picks its target.
    func route(_ message: ZMQMessage, _ raw: UnsafeMutableRawBufferPointer, _ view: HIDMessageView, inPlace: Bool) -> Bool {
        switch view.kind {
        case .digitizer:
            return routeDigitizer(message, raw, view, inPlace: inPlace)
        case .button:
            counters.buttonEvents &+= 1
            if let button = view.button { routeButton(button, message, raw, view, inPlace: inPlace) }
        case .motion:
            counters.motionEvents &+= 1
            routeToForeground(message, raw, view, inPlace: inPlace)
        }
        return false
    }

    private func routeDigitizer(
        _ message: ZMQMessage, _ raw: UnsafeMutableRawBufferPointer, _ view: HIDMessageView, inPlace: Bool
    ) -> Bool {
        counters.digitizerFrames &+= 1
        latch.beginFrame { registry.foreground.map { GestureTarget.app($0) } ?? .home }
        var isMoveOnly = true
        var swipeUp = false
        for finger in view.fingers {
            let sample = TouchSample(index: finger.transducerIndex, phase: finger.phase, x: finger.x, y: finger.y)
            let lifts = sample.lifts
            if lifts || sample.phase.contains(.began) { isMoveOnly = false }
            latch.apply(sample, lifts: lifts, sender: view.senderID)
            if !swipeUp, !lifts, systemGesture.isSwipeUp(startY: latch.startY, y: sample.y) { swipeUp = true }
        }
        var pauseForHome = false
        if !swipeUp, let app = latch.unretainedApp {
            // An app's gesture going on (nearly every frame): forwarded without a retain and release of the app, which
            // `latch.target` holds, as the registry does (records are never freed while registered).
            app._withUnsafeGuaranteedRef {
                forward(message, raw, view, inPlace: inPlace, to: $0, kind: isMoveOnly ? .move : .touchChange)
            }
            latch.endFrame()
            return false
        }
        switch latch.target {
        case .app(let app):
            if swipeUp {
                // The system takes the gesture: the app's live touches are cancelled, the rest is springboard's.
                counters.consumedBySystem &+= 1
                cancelGesture(retargetTo: .system)
                goHome(reason: "swipe up from the bottom edge")
            } else {
                forward(message, raw, view, inPlace: inPlace, to: app, kind: isMoveOnly ? .move : .touchChange)
            }
        case .home:
            // The home screen's frames are few (no app is taking events): the model UIKit's fetcher takes is
            // built from the view validated at the port (an allocation the app path never pays), not decoded again.
            counters.routedToHome &+= 1
            homeScreen.receive(view.message())
            pauseForHome = true
        case .system:
            counters.consumedBySystem &+= 1
        case .cancelled:
            counters.dropAtPort(.gestureCancelled)
        case .none:
            counters.dropAtPort(.noTarget)
        }
        latch.endFrame()
        return pauseForHome && latch.isIdle
    }

    private func routeButton(
        _ button: HIDButtonEvent, _ message: ZMQMessage, _ raw: UnsafeMutableRawBufferPointer, _ view: HIDMessageView,
        inPlace: Bool
    ) {
        guard button.button == .home else { return routeToForeground(message, raw, view, inPlace: inPlace) }
        // iOS: the home button is springboard's; apps never see it. Acting on release, like a tap.
        counters.homeButtonFrames &+= 1
        if !button.isDown {
            counters.homeButtonPresses &+= 1
            goHome(reason: "home button")
        }
    }

    /// A button or motion event: the foreground app's, else nobody's.
    private func routeToForeground(
        _ message: ZMQMessage, _ raw: UnsafeMutableRawBufferPointer, _ view: HIDMessageView, inPlace: Bool
    ) {
        if let app = registry.foreground {
            forward(message, raw, view, inPlace: inPlace, to: app, kind: .other)
        } else {
            counters.dropAtPort(.noTarget)
        }
    }

    private func forward(
        _ message: ZMQMessage, _ raw: UnsafeMutableRawBufferPointer, _ view: HIDMessageView, inPlace: Bool,
        to app: AppRecord, kind: AppDelivery.FrameKind
    ) {
        if delivery.forward(message, raw, view, inPlace: inPlace, to: app, kind: kind) == .notResponding {
            takeGesture(from: app)
        }
    }

    // MARK: The gesture

    /// Whether the gesture in progress is `app`'s.
    func ownsGesture(_ app: AppRecord) -> Bool { latch.target.isApp(app) }

    /// The gesture `app` owns, if any, is taken from it: the rest of it is dropped (`gestureCancelled`).
    func takeGesture(from app: AppRecord) {
        if latch.target.isApp(app) { latch.retarget(.cancelled) }
    }

    /// Whether `sender` has fingers down, and how many.
    func fingersDown(of sender: UInt64) -> Int {
        var fingers = 0
        for i in 0..<latch.touches.count where latch.touches[i].sender == sender { fingers += 1 }
        return fingers
    }

    func hasFingersDown(of sender: UInt64) -> Bool { latch.touches.contains(sender: sender) }

    var isIdle: Bool { latch.isIdle }

    /// A source is gone (or cancelled by hand) with fingers down: the gesture they belong to is cancelled and
    /// they are forgotten.
    func releaseFingers(of sender: UInt64) {
        guard latch.touches.contains(sender: sender) else { return }
        cancelGesture(retargetTo: .cancelled)
        latch.removeTouches(of: sender)
    }

    /// Takes the gesture in progress away from its target. An app target gets one digitizer frame with a
    /// cancelled child for every live finger (IOHIDFamily's cancel: phase cancelled, eventMask
    /// range|touch|cancel).
    func cancelGesture(retargetTo newTarget: GestureTarget) {
        guard !latch.isIdle else { return }
        switch latch.target {
        case .app(let owner):
            if owner.isReachable { sendCancel(to: owner, touches: latch.touches) }
        case .home:
            homeScreen.receive(cancelMessage(for: latch.touches))
        case .system, .cancelled, .none:
            return
        }
        latch.retarget(newTarget)
    }

    /// Sends (or queues behind what waits) a cancel for `touches` to `app`.
    func sendCancel(to app: AppRecord, touches: LiveTouches) {
        let message = cancelMessage(for: touches)
        var bytes = cancelBytes
        cancelBytes = []
        defer { cancelBytes = bytes }
        bytes.removeAll(keepingCapacity: true)
        do { try HIDEncoder.append(message, to: &bytes) } catch {
            log.logger.error("cancel for \(app.bundleID) not encodable: \(error)")
            return
        }
        app.counters.cancelsSent &+= 1
        bytes.withUnsafeMutableBytes { delivery.forwardCancel($0, to: app) }
    }

    /// One digitizer frame cancelling every finger of `touches`, from springboard's own sender id
    /// (protocols/hid-event.md: a cancelled finger has phase `cancelled` and mask `range|touch|cancel`).
    private func cancelMessage(for touches: LiveTouches) -> HIDMessage {
        let fingers = touches.cancelFingers
        ownSequence &+= 1
        let time = clock.now
        return HIDMessage(
            envelope: HIDEnvelope(
                kind: .digitizer, sequence: ownSequence, senderID: ownSenderID,
                timestamps: HIDHopTimestamps(hardware: time, routerReceived: time)),
            payload: .digitizer(HIDDigitizerFrame(fingers: fingers)))
    }

    // MARK: Foreground

    func goHome(reason: String) {
        setForeground(nil, reason: reason)
    }

    /// Makes `app` the foreground app (nil: the home screen). A gesture in progress loses its target: an app
    /// that owned it receives cancel for its live touches, and the rest of the gesture is dropped.
    func setForeground(_ app: AppRecord?, reason: String) {
        let previous = registry.foreground
        guard previous !== app else { return }
        cancelGesture(retargetTo: .cancelled)
        registry.setForeground(app)
        counters.foregroundChanges &+= 1
        if let previous, previous.isReachable { delivery.sendState(.background, to: previous) }
        if let app, app.isReachable { delivery.sendState(.foreground, to: app) }
        log.verboseInfo("foreground: \(previous?.bundleID ?? "home") -> \(app?.bundleID ?? "home") (\(reason))")
    }

    // MARK: The home screen

    private func launchFromHomeScreen(_ bundleID: String) {
        if let launcher, launcher.launches.contains(where: { $0.bundleID == bundleID }), !launcher.isRunning(bundleID) {
            launcher.relaunch(bundleID, reason: "icon tap")  // iOS: a tap on a dead app's icon launches it
            return
        }
        guard let app = registry.record(bundleID: bundleID), app.isReachable else {
            log.verboseInfo("home: \(bundleID) is not running")
            return
        }
        setForeground(app, reason: "icon tap")
    }

    /// The apps springboard launches keep their launch order on the home screen (as SpringBoard's icon layout
    /// is its own, not the order apps happen to start in); others follow in registration order.
    func refreshHomeIcons() {
        let launchOrder = launcher?.launches.map(\.bundleID) ?? []
        let shown = registry.apps.enumerated().filter { $0.element.session > 0 }
        let ordered = shown.sorted { a, b in
            let ia = launchOrder.firstIndex(of: a.element.bundleID) ?? launchOrder.count + a.offset
            let ib = launchOrder.firstIndex(of: b.element.bundleID) ?? launchOrder.count + b.offset
            return ia < ib
        }
        homeScreen.setIcons(ordered.map { ($0.element.bundleID, $0.element.displayName) })
    }
}

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

/// The gesture-target latch: which target owns the gesture, the live fingers, and where the gesture
/// started (for the bottom-edge system gesture).
package struct GestureLatch {
    package private(set) var target: GestureTarget = .none {
        didSet {
            if case .app(let app) = target { unretainedApp = Unmanaged.passUnretained(app) } else { unretainedApp = nil }
        }
    }
    /// `target`'s app while the target is an app, unretained (`target` holds it): the router forwards a frame to it
    /// without copying `target`, which retains and releases the app (issue 27).
    private(set) var unretainedApp: Unmanaged<AppRecord>?
    package private(set) var touches = LiveTouches()
    /// First finger's down position of this gesture.
    package private(set) var startX: Float = 0
    package private(set) var startY: Float = 0
    private var startPending = false

    package init() {}

    // `touches.count == 0`, not `touches.isEmpty`: LiveTouches is another module's, and its computed `isEmpty` is a
    // call on every frame where its stored `count` is a load.
    var isIdle: Bool { touches.count == 0 }

    /// Call before applying a frame's fingers: when no finger is down, the frame starts a new gesture and
    /// `choose` names its target.
    package mutating func beginFrame(choose: () -> GestureTarget) {
        guard touches.count == 0 else { return }
        target = choose()
        startPending = true
    }

    package mutating func apply(_ sample: TouchSample, sender: UInt64 = 0) {
        apply(sample, lifts: sample.lifts, sender: sender)
    }

    /// `apply`, for a caller that already knows whether the finger lifts.
    @inline(__always) mutating func apply(_ sample: TouchSample, lifts: Bool, sender: UInt64) {
        if startPending, !lifts {
            startX = sample.x
            startY = sample.y
            startPending = false
        }
        touches.apply(sample, sender: sender)
    }

    /// A sender's run ended with fingers down: they are gone (the caller cancelled the gesture first).
    package mutating func removeTouches(of sender: UInt64) {
        touches.removeAll(of: sender)
        endFrame()
    }

    /// After a frame: when the last finger lifted the gesture is over and the latch opens.
    package mutating func endFrame() {
        if touches.count == 0 {
            target = .none
            startPending = false
        }
    }

    /// The target lost the gesture; the remaining frames go to `newTarget` (.system or .cancelled).
    package mutating func retarget(_ newTarget: GestureTarget) {
        guard touches.count != 0 else { return }
        target = newTarget
    }
}

extension TouchSample {
    /// `isLifting` (the finger leaves the gesture with this frame), read here: HIDEvent's is a call into another module,
    /// made two or three times a finger on every routed frame.
    @inline(__always) var lifts: Bool { phase.contains(.ended) || phase.contains(.cancelled) }
}

/// The home-indicator gesture: a finger that goes down within `edgeHeight` of the bottom edge and moves up
/// by at least `travel` points returns to the home screen (iOS: swipe up from the bottom edge).
package struct SystemGestureDetector: Sendable {
    var screenHeight: Float
    var edgeHeight: Float
    var travel: Float

    package init(screenHeight: Float, edgeHeight: Float = 20, travel: Float = 100) {
        self.screenHeight = screenHeight
        self.edgeHeight = edgeHeight
        self.travel = travel
    }

    func startsInBottomEdge(y: Float) -> Bool { y >= screenHeight - edgeHeight }

    /// True when a gesture that started at `startY` has a finger at `y` far enough up.
    package func isSwipeUp(startY: Float, y: Float) -> Bool {
        startsInBottomEdge(y: startY) && startY - y >= travel
    }
}
