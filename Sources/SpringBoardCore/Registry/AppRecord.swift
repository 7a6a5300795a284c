import HIDEvent

/// One app SpringBoard knows: identity, registration, liveness, and its two delivery queues.
/// Records outlive their processes: a dead app keeps its icon and its counters, and the same record takes
/// the app back when it registers again.
package final class AppRecord {
    let bundleID: String
    /// The routing identity of the connection that registered it (the ROUTER's own id for that peer; empty
    /// while no live connection owns the record), compared byte for byte on every inbound message. Identity
    /// is the connection, not a claim: another connection naming the same bundle id is refused.
    @exclusivity(unchecked)
    private(set) var identity: [UInt8] = [] {
        didSet {
            identityBytes.deallocate()
            identityBytes = .allocate(byteCount: identity.count, alignment: 1)
            identityBytes.copyBytes(from: identity)
        }
    }
    /// `identity`'s bytes, owned by the record: what every event's first frame sends. Reading the array property
    /// retains and releases its buffer around each send; this is a load.
    @exclusivity(unchecked)
    private(set) var identityBytes = UnsafeMutableRawBufferPointer.allocate(byteCount: 0, alignment: 1)
    @exclusivity(unchecked)
    var displayName: String
    /// Its registration said it traces every UIKit call (`RegisterMessage.tracesCalls`).
    @exclusivity(unchecked)
    var tracesCalls = false
    /// Its registration said it reads an event's `alone` flag (`RegisterMessage.readsAlone`).
    @exclusivity(unchecked)
    var readsAlone = false
    @exclusivity(unchecked)
    package var pid: UInt32 = 0
    /// The pid the kernel reported for its connection (ipc, `SO_PEERCRED`); nil over tcp. Only this pid is
    /// ever signalled (`kill`).
    @exclusivity(unchecked)
    var verifiedPid: Int32?
    /// 0 until the first registration; a new value on every registration.
    @exclusivity(unchecked)
    package var session: UInt64 = 0
    @exclusivity(unchecked)
    var isRegistered = false
    @exclusivity(unchecked)
    var isDead = false
    /// False while the app is not responding (ack timeout passed, or its heartbeats stopped).
    @exclusivity(unchecked)
    package var isResponding = true
    /// When it last became not responding (monotonic ns; meaningful while `isResponding` is false): the watchdog's
    /// clock.
    @exclusivity(unchecked)
    var notRespondingSince: UInt64 = 0
    @exclusivity(unchecked)
    var heartbeatInterval: UInt64 = 0
    /// Last time anything came from the app (register, ack, heartbeat), monotonic ns.
    @exclusivity(unchecked)
    var lastHeardFrom: UInt64 = 0
    @exclusivity(unchecked)
    var nextDeliverySequence: UInt64 = 1
    @exclusivity(unchecked)
    package var window: AckWindow
    /// How much of `window` may be used now (8 × the measured bandwidth-delay product).
    @exclusivity(unchecked)
    package var windowSizer: WindowSizer
    @exclusivity(unchecked)
    package var outbound: OutboundQueue
    @exclusivity(unchecked)
    package var counters = AppCounters()
    /// The fingers down in the stream as sent to this app (after every frame that reached its socket), with
    /// their last positions: what a cancel must cover when springboard gives up on the app.
    @exclusivity(unchecked)
    var sentTouches = LiveTouches()
    /// Verifies the stream as sent (Android verifies what it publishes to each window too): a frame it
    /// rejects is a springboard bug, counted in `outgoingStreamErrors`.
    @exclusivity(unchecked)
    var sentStream = HIDStreamVerifier()
    /// Acknowledged events waiting for the `frames` that presents them (touch-to-present).
    @exclusivity(unchecked)
    package var presents: PresentRing
    /// The refresh rate its last `frames` gave (nil: it sent none this session).
    @exclusivity(unchecked)
    package var refreshHz: UInt32?
    /// It sent a `frames` this session: its ring's overwrites are worth a log line (an app that presents
    /// nothing overwrites all of them).
    var presentsFrames: Bool { refreshHz != nil }
    /// The `frame` of its last `frames` this session (0: none).
    @exclusivity(unchecked)
    var lastPresentedFrame: UInt64 = 0
    /// Its place in the ensemble trace being recorded (`EnsembleTraceRecorder`): valid while `traceGeneration` is
    /// the recording's.
    @exclusivity(unchecked)
    var traceGeneration: UInt64 = 0
    @exclusivity(unchecked)
    var traceSlot = -1

    package init(
        bundleID: String, displayName: String? = nil, windowCapacity: Int, outboundCapacity: Int,
        minimumWindow: Int = 32, presentRing: Int = PresentRing.defaultCapacity
    ) {
        self.presents = PresentRing(capacity: presentRing)
        self.bundleID = bundleID
        self.displayName = displayName ?? bundleID
        self.window = AckWindow(capacity: windowCapacity)
        self.windowSizer = WindowSizer(minimum: minimumWindow, maximum: windowCapacity)
        self.outbound = OutboundQueue(capacity: outboundCapacity)
    }

    /// How many events may be in flight now. Shed mode sizes the window (`WindowSizer`) so that what the app
    /// cannot take yet waits in springboard's queue, where moves coalesce. Backpressure mode coalesces
    /// nothing, so holding frames back there gains nothing: the whole window is used and the app always has
    /// the next pass waiting (measured: 0.49× the relay at a sized 256, 0.65× with all 1024 in use).
    package func windowLimit(sized: Bool) -> Int { sized ? windowSizer.limit : window.capacity }

    /// The window has room for one more event.
    package func windowHasRoom(sized: Bool) -> Bool { window.count < windowLimit(sized: sized) && !window.isFull }

    deinit { identityBytes.deallocate() }

    /// Can take events now (registered, alive). A not-responding app still queues: it may come back.
    var isReachable: Bool { isRegistered && !isDead }

    func state(isForeground: Bool) -> AppState {
        if isDead { return .dead }
        if !isRegistered { return .launching }
        if !isResponding { return .notResponding }
        return isForeground ? .foreground : .background
    }

    /// Takes a (re)registration: a new session, sequences from 1, nothing in flight from the old one.
    func register(
        connection: [UInt8], displayName: String, pid: UInt32, heartbeatInterval: UInt64, session: UInt64, now: UInt64
    ) {
        identity = connection
        self.displayName = displayName
        self.pid = pid
        self.heartbeatInterval = heartbeatInterval
        self.session = session
        isRegistered = true
        isDead = false
        isResponding = true
        lastHeardFrom = now
        nextDeliverySequence = 1
        // The previous process is gone with whatever it had not acknowledged or been sent.
        countUndelivered()
        window.removeAll()
        outbound.removeAll()
        sentTouches.removeAll()
        sentStream.reset()
        windowSizer.reset()
        endPresents()
        counters.registrations &+= 1
    }

    /// What a death leaves undelivered: routed frames still queued (never sent), and events sent and never
    /// acknowledged.
    var undelivered: (queuedSamples: UInt64, inFlight: UInt64) { (outbound.samples, UInt64(window.count)) }

    /// Queued frames are dropped (`appDead`: routed, never sent); events in flight were sent, so they are
    /// `lostInFlight` (events, not routed frames): both invariants keep adding up.
    private func countUndelivered() {
        counters.drops.add(.appDead, outbound.samples)
        counters.lostInFlight &+= UInt64(window.count)
    }

    /// The process is gone: whatever was queued or in flight for it is counted as undelivered.
    package func markDead() {
        guard !isDead else { return }
        isDead = true
        isRegistered = false
        identity = []
        countUndelivered()
        window.removeAll()
        outbound.removeAll()
        sentTouches.removeAll()
        sentStream.reset()
        endPresents()
    }

    /// The session is over: events still waiting for a frame never get one (`eventsAbandoned`).
    private func endPresents() {
        counters.present.eventsAbandoned &+= UInt64(presents.removeAll())
        refreshHz = nil
        lastPresentedFrame = 0
    }

    /// Byte comparison with a routing-identity frame (no String is built per message).
    @inline(__always) func matches(identity frame: UnsafeRawBufferPointer) -> Bool {
        guard frame.count == identity.count else { return false }
        return identity.withUnsafeBytes { $0.elementsEqual(frame) }
    }
}

/// An app's state as SpringBoard sees it (`sbctl apps`).
package enum AppState: String, Sendable, CaseIterable {
    /// Its connection probe arrived (the routing identity is known) but it has not registered yet.
    case launching
    case foreground
    case background
    /// Connected, but an event stayed unacknowledged past the ack timeout or its heartbeats stopped
    /// (Android: ANR). It keeps its place; it recovers when it acknowledges again.
    case notResponding
    /// Its connection is gone (disconnect seen and a mandatory send failed), or it said goodbye.
    case dead

    /// Not a state of any record: the `state` of the one row that holds the counters of forgotten records.
    static let evicted = "evicted"
}

/// Per-app counters, owned by the run-loop thread like `SpringBoardCounters`, and counted only here: the
/// all-apps figures of `stats` are these summed over apps when read (`AppRegistry.totals`). They add up:
/// `routed = samplesSent + queuedSamples + drops` (drops before a send: notResponding, appDead,
/// sendFailed), and `sent = acked + inFlight + lostInFlight`.
package struct AppCounters: Sendable {
    /// Frames routed to this app.
    var routed: UInt64 = 0
    /// `event` messages sent (synthesized cancels included).
    var sent: UInt64 = 0
    /// Routed frames that reached the socket: alone, or as coalesced samples of a later event.
    package var samplesSent: UInt64 = 0
    /// Of `samplesSent`, the moves that travelled as coalesced samples of a later event (counted when sent).
    package var coalescedSamples: UInt64 = 0
    package var acked: UInt64 = 0
    /// Events sent and never acknowledged because the app died or registered again: `sent = acked + inFlight +
    /// lostInFlight`.
    package var lostInFlight: UInt64 = 0
    package var handled: UInt64 = 0
    /// Of `handled`, events the app's UIKit coalesced into a later event of the same pass (ack flag bit 1):
    /// `handled - coalescedInApp` is how many times the app called `sendEvent`.
    package var coalescedInApp: UInt64 = 0
    package var cancelsSent: UInt64 = 0
    package var giveUps: UInt64 = 0
    package var heartbeats: UInt64 = 0
    package var registrations: UInt64 = 0
    /// Other connections that tried to register this bundle id while it was live.
    package var registrationsRefused: UInt64 = 0
    package var drops = DropCounts()
    /// Every hop but `sourceToSpringBoard` (which is per source, not per app).
    var latency = HopLatencies()
    /// Frames presented, touch-to-present, samples per move (`frames`; protocols/control.md, "present").
    package var present = PresentCounters()

    init() {}

    /// Adds `other`'s counts (not its latency: the `stats` latency is the apps' histograms, added separately).
    mutating func add(_ other: AppCounters) {
        routed &+= other.routed
        sent &+= other.sent
        samplesSent &+= other.samplesSent
        coalescedSamples &+= other.coalescedSamples
        acked &+= other.acked
        lostInFlight &+= other.lostInFlight
        handled &+= other.handled
        coalescedInApp &+= other.coalescedInApp
        cancelsSent &+= other.cancelsSent
        giveUps &+= other.giveUps
        heartbeats &+= other.heartbeats
        registrations &+= other.registrations
        registrationsRefused &+= other.registrationsRefused
        drops.add(other.drops)
        present.add(other.present)
    }

    static let hops: [Hop] = Hop.allCases.filter { $0 != .sourceToSpringBoard }
}
