import HIDEvent
import RunLoopKit

/// The app's display: a vsync grid at the refresh rate, the role CADisplayLink and UIKit's update cycle play
/// (docs/event-delivery.md, "The display"). With a display, HID events that arrive between two vsyncs are held
/// by the event fetcher and dispatched together at the start of the next frame, in the order of Apple's UI update
/// (developer.apple.com/documentation/uikit/uiupdateactionphase: event dispatch, then CADisplayLink callbacks, then
/// the CATransaction commit): the vsync timer dispatches the held events (moves of a finger coalesced into one
/// `touchesMoved`, their samples in `UIEvent.coalescedTouches(for:)`), then runs the display-link callbacks; Core
/// Animation's before-waiting observer commits the frame; the render server presents it `renderDelayFrames`
/// vsyncs after the first vsync that follows the commit.
///
/// A down or an up inside a frame is held like a move and dispatched at the next frame, in an event of its own
/// (never folded into a move): "iOS will still deliver new touch events at the beginning of a new frame" (WWDC15
/// session 233, "Advanced Touch Input on iOS"); only the low-latency phase group (`UIUpdateLink`'s
/// `wantsLowLatencyEventDispatch`, Apple Pencil only) dispatches mid-frame. Immediate dispatch, today's path, is
/// the application without a display.
///
/// The vsync timer is armed only while there is work (held events, a frame waiting to be presented, a display-link
/// callback), as a paused CADisplayLink: an idle app does not wake 60 times a second.
public final class FrameClock {
    /// One frame that dispatched at least one event.
    public struct Frame: Equatable, Sendable {
        /// The vsync number since the display started (1, 2, ...): a missed vsync skips a number.
        public var number: UInt64
        /// The vsync that started it (its events were dispatched then).
        public var vsync: UInt64
        /// Core Animation's commit (the before-waiting observer after the dispatch).
        public var committed: UInt64 = 0
        /// The vsync at which it is on screen.
        public var presented: UInt64 = 0
        /// Vsyncs that passed while the frame was being dispatched (the app was still busy at them).
        public var missed: UInt64 = 0
        /// Delivery tokens of the messages dispatched in it (the host's; empty in headless runs).
        public var deliveries: [UInt64] = []
        /// Hardware time and kind of every HID message it reflects, coalesced samples included.
        public var inputs: [Input] = []
    }

    /// One HID message a frame reflects.
    public struct Input: Equatable, Sendable {
        /// The message's hardware timestamp, ns.
        public var hardware: UInt64
        /// Down, move, up or other, for touch-to-present by kind.
        public var kind: Kind
    }

    /// Touch-to-present is split as Android splits it: downs, moves, ups (a cancel counts as an up).
    public enum Kind: String, Sendable, CaseIterable {
        /// A finger lands; fingers move; a finger lifts or is cancelled; no digitizer fingers.
        case down, move, up, other
    }

    /// An app's display unless told otherwise: 60 Hz (`app-host serve`, the ensemble, the apps springboard
    /// launches), as UIKit delivers touches once per frame on every iPhone without ProMotion.
    public static let defaultRefreshHz: UInt32 = 60
    /// Frames from the first vsync after a commit to the present, unless told otherwise.
    public static let defaultRenderDelayFrames: UInt64 = 1

    /// The display's refresh rate, Hz (60, or 120 for ProMotion).
    public let refreshHz: UInt32
    /// Frames between the first vsync after the commit and the present (the render server's work): 1 by default.
    public let renderDelayFrames: UInt64
    unowned let application: UIApplication
    private let startIndex: UInt64

    /// Frames committed and waiting for their present, oldest first.
    @exclusivity(unchecked)
    private var committed: [Frame] = []
    /// The frame being dispatched (from its vsync to Core Animation's commit).
    @exclusivity(unchecked)
    private var current: Frame?
    @exclusivity(unchecked)
    private var timer: RunLoopTimer?
    @exclusivity(unchecked)
    private var timerIndex: UInt64 = 0
    @exclusivity(unchecked)
    private var displayLinkCallbacks: [(Frame) -> Void] = []
    @exclusivity(unchecked)
    private var commitObserver: RunLoopObserver!
    @exclusivity(unchecked)
    private var detached = false

    /// Frames presented, frames missed (vsyncs a dispatch ran through), vsyncs that fired.
    @exclusivity(unchecked)
    public private(set) var framesPresented: UInt64 = 0
    /// Frames missed: vsyncs a dispatch ran through.
    @exclusivity(unchecked)
    public private(set) var framesMissed: UInt64 = 0
    /// Vsyncs that fired (the timer runs only while there is work).
    @exclusivity(unchecked)
    public private(set) var vsyncs: UInt64 = 0
    /// Missed since the last presented frame (for the app channel's `frames`).
    @exclusivity(unchecked)
    private var missedSinceLastPresent: UInt64 = 0

    /// Called at each present, at the presenting vsync (the host sends `frames`; headless runs keep them).
    @exclusivity(unchecked)
    public var onPresent: ((Frame, _ missedSinceLastPresent: UInt64) -> Void)?
    /// Called when a frame's events have been dispatched (before display-link callbacks): the host's acks.
    @exclusivity(unchecked)
    public var onDispatched: (() -> Void)?
    /// Called at a vsync tick, a commit and a present (the timeline).
    @exclusivity(unchecked)
    public var onMark: ((_ what: String, _ frame: UInt64, _ time: UInt64) -> Void)?
    /// Every frame presented, kept when `keepsFrames` (headless runs and tests).
    @exclusivity(unchecked)
    public var keepsFrames = false
    /// The frames presented, oldest first (only when `keepsFrames`).
    @exclusivity(unchecked)
    public private(set) var presentedFrames: [Frame] = []

    /// Attaches a display to `application`: from now on its events are delivered once per frame.
    public init(
        application: UIApplication, refreshHz: UInt32 = FrameClock.defaultRefreshHz,
        renderDelayFrames: UInt64 = FrameClock.defaultRenderDelayFrames
    ) {
        precondition((1...1000).contains(refreshHz), "refresh rate \(refreshHz) Hz out of 1...1000")
        self.application = application
        self.refreshHz = refreshHz
        self.renderDelayFrames = renderDelayFrames
        let now = application.runLoop.clock.now
        startIndex = Self.index(at: now, hz: UInt64(refreshHz))
        // Core Animation's commit runs from an observer of the main run loop's before-waiting activity, after
        // UIKit's layout observers (CA's order 2000000).
        commitObserver = RunLoopObserver(activities: [.beforeWaiting, .exit], order: 2_000_000, name: "CA commit") {
            [unowned self] _ in self.commit()
        }
        application.runLoop.add(commitObserver, mode: .common)
        application.display = self
    }

    /// The frame being dispatched (from its vsync to its commit): its number and the newest delivery token it
    /// dispatched.
    public var currentFrameNumber: UInt64? { current?.number }
    /// The newest delivery token the frame being dispatched carries.
    public var currentLastDelivery: UInt64? { current?.deliveries.max() }

    /// Removes the display: events are dispatched as they arrive again (what is held is dispatched on this pass).
    public func detach() {
        timer?.invalidate()
        timer = nil
        detached = true  // the observer stays on the loop, inert (RunLoopKit keeps invalidation to itself)
        current = nil
        if application.display === self { application.display = nil }
        if application.eventDispatcher.hasPending { application.eventDispatcher.source.signal() }
    }

    /// The vsync period in nanoseconds (rounded down; the grid itself is exact: `time(ofVsync:)`).
    public var period: UInt64 { 1_000_000_000 / UInt64(refreshHz) }

    /// The time of vsync number `index` on the exact grid k × 10⁹ / Hz (no drift over a long run).
    static func time(ofVsync index: UInt64, hz: UInt64) -> UInt64 {
        (index / hz) * 1_000_000_000 + ((index % hz) * 1_000_000_000) / hz
    }

    /// The last vsync at or before `time`.
    static func index(at time: UInt64, hz: UInt64) -> UInt64 {
        var k = (time / 1_000_000_000) * hz + ((time % 1_000_000_000) * hz) / 1_000_000_000
        while Self.time(ofVsync: k + 1, hz: hz) <= time { k += 1 }
        while k > 0, Self.time(ofVsync: k, hz: hz) > time { k -= 1 }
        return k
    }

    private var hz: UInt64 { UInt64(refreshHz) }

    /// A CADisplayLink's callback: runs at every frame after the frame's events were dispatched; keeps the
    /// display ticking (an unpaused display link).
    public func addDisplayLinkCallback(_ callback: @escaping (Frame) -> Void) {
        displayLinkCallbacks.append(callback)
        armTimer()
    }

    /// The fetcher held an event: make sure the next vsync fires.
    func eventHeld() { armTimer() }

    private func armTimer() {
        let now = application.runLoop.clock.now
        let next = Self.index(at: now, hz: hz) + 1
        if let timer, timerIndex <= next { _ = timer; return }
        timer?.invalidate()
        scheduleTimer(at: next)
    }

    private func scheduleTimer(at index: UInt64) {
        timerIndex = index
        let timer = RunLoopTimer(fireAt: Self.time(ofVsync: index, hz: hz), name: "vsync") { [unowned self] _ in
            self.timer = nil
            self.vsync()
        }
        self.timer = timer
        application.runLoop.add(timer, mode: .common)
    }

    /// One vsync: presents what is due, then starts a frame if there are held events (or display-link callbacks).
    private func vsync() {
        let now = application.runLoop.clock.now
        let index = Self.index(at: now, hz: hz)
        let vsyncTime = Self.time(ofVsync: index, hz: hz)
        vsyncs &+= 1
        onMark?("vsync", index - startIndex, vsyncTime)
        while let first = committed.first, first.presented <= now {
            committed.removeFirst()
            present(first)
        }
        let dispatcher = application.eventDispatcher!
        if dispatcher.hasPending || !displayLinkCallbacks.isEmpty {
            var frame = Frame(number: index - startIndex, vsync: vsyncTime)
            current = frame
            let trace = application.trace
            if trace.explains {
                let held = dispatcher.pendingCount
                trace.explain(
                    .event,
                    "══ frame \(frame.number) at vsync t=\(UIEventDispatcher.millisecondText(vsyncTime)) (\(refreshHz) Hz): "
                        + "\(held) held event(s) dispatched, then display-link callbacks", group: "events")
            }
            dispatcher.frameInputs = []
            dispatcher.frameDeliveries = []
            dispatcher.recordsFrame = true
            // UIKit's order: event dispatch, then the display-link callbacks (UIUpdateActionPhase).
            dispatcher.handleEventQueue()
            dispatcher.recordsFrame = false
            frame.inputs = dispatcher.frameInputs
            frame.deliveries = dispatcher.frameDeliveries
            current = frame
            onDispatched?()
            for callback in displayLinkCallbacks { callback(frame) }
        }
        rearm()
    }

    private func rearm() {
        let now = application.runLoop.clock.now
        let dispatcher = application.eventDispatcher!
        var next: UInt64?
        if dispatcher.hasPending || !displayLinkCallbacks.isEmpty || current != nil {
            next = Self.index(at: now, hz: hz) + 1
        }
        if let first = committed.first {
            let presentIndex = Self.index(at: first.presented, hz: hz)
            next = min(next ?? presentIndex, presentIndex)
        }
        if let next, timer == nil { scheduleTimer(at: next) }
    }

    /// Core Animation's commit (before-waiting observer): the open frame is committed now and presented
    /// `renderDelayFrames` after the first vsync that follows; every vsync it ran through was missed.
    private func commit() {
        guard !detached, var frame = current else { return }
        current = nil
        let now = application.runLoop.clock.now
        frame.committed = now
        let frameIndex = frame.number + startIndex
        let nextIndex = Self.index(at: now, hz: hz) + 1
        frame.missed = nextIndex - frameIndex - 1
        framesMissed &+= frame.missed
        missedSinceLastPresent &+= frame.missed
        frame.presented = Self.time(ofVsync: nextIndex + renderDelayFrames, hz: hz)
        onMark?("commit", frame.number, now)
        let trace = application.trace
        if trace.explains {
            let missed = frame.missed > 0 ? ", \(frame.missed) frame(s) missed" : ""
            trace.explain(
                .event,
                "══ frame \(frame.number) committed t=\(UIEventDispatcher.millisecondText(now)), presented at vsync "
                    + "t=\(UIEventDispatcher.millisecondText(frame.presented))\(missed)", group: "events")
        }
        committed.append(frame)
        rearm()
    }

    private func present(_ frame: Frame) {
        framesPresented &+= 1
        onMark?("present", frame.number, frame.presented)
        guard !frame.inputs.isEmpty || !frame.deliveries.isEmpty else { return }
        if keepsFrames { presentedFrames.append(frame) }
        onPresent?(frame, missedSinceLastPresent)
        missedSinceLastPresent = 0
    }

    /// Touch-to-present of every input of the presented frames kept (`keepsFrames`), by kind, in order.
    public func touchToPresent() -> [Kind: [UInt64]] {
        var out: [Kind: [UInt64]] = [:]
        for frame in presentedFrames {
            for input in frame.inputs { out[input.kind, default: []].append(frame.presented &- input.hardware) }
        }
        return out
    }
}
