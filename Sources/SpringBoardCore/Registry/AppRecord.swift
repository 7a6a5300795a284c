import HIDEvent

/// One app SpringBoard knows: identity, registration, liveness, and its two delivery queues.
/// Records outlive their processes: a dead app keeps its icon and its counters, and the same record takes
/// the app back when it registers again.
package final class AppRecord {
    let bundleID: String
    /// The routing identity (the bundle id's UTF-8 bytes), compared byte for byte on every inbound message.
    let identity: [UInt8]
    var displayName: String
    package var pid: UInt32 = 0
    /// 0 until the first registration; a new value on every registration.
    package var session: UInt64 = 0
    var isRegistered = false
    var isDead = false
    /// False while the app is not responding (ack timeout passed, or its heartbeats stopped).
    package var isResponding = true
    var heartbeatInterval: UInt64 = 0
    /// Last time anything came from the app (register, ack, heartbeat), monotonic ns.
    var lastHeardFrom: UInt64 = 0
    var nextDeliverySequence: UInt64 = 1
    package var window: AckWindow
    /// How much of `window` may be used now (8 × the measured bandwidth-delay product).
    package var windowSizer: WindowSizer
    package var outbound: OutboundQueue
    package var counters = AppCounters()
    /// The fingers down in the stream as sent to this app (after every frame that reached its socket), with
    /// their last positions: what a cancel must cover when springboard gives up on the app.
    var sentTouches = LiveTouches()
    /// Verifies the stream as sent (Android verifies what it publishes to each window too): a frame it
    /// rejects is a springboard bug, counted in `outgoingStreamErrors`.
    var sentStream = HIDStreamVerifier()

    package init(
        bundleID: String, displayName: String? = nil, windowCapacity: Int, outboundCapacity: Int,
        minimumWindow: Int = 32
    ) {
        self.bundleID = bundleID
        self.identity = Array(bundleID.utf8)
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

    /// Can take events now (registered, alive). A not-responding app still queues: it may come back.
    var isReachable: Bool { isRegistered && !isDead }

    func state(isForeground: Bool) -> AppState {
        if isDead { return .dead }
        if !isRegistered { return .launching }
        if !isResponding { return .notResponding }
        return isForeground ? .foreground : .background
    }

    /// Takes a (re)registration: a new session, sequences from 1, nothing in flight from the old one.
    func register(displayName: String, pid: UInt32, heartbeatInterval: UInt64, session: UInt64, now: UInt64) {
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
        counters.drops.add(.appDead, undeliveredCount)
        window.removeAll()
        outbound.removeAll()
        sentTouches.removeAll()
        sentStream.reset()
        windowSizer.reset()
        counters.registrations &+= 1
    }

    /// Events queued for it or sent and never acknowledged: what a death leaves undelivered.
    var undeliveredCount: UInt64 { outbound.samples + UInt64(window.count) }

    /// The process is gone: whatever was queued or in flight for it is counted as undelivered.
    package func markDead() {
        guard !isDead else { return }
        isDead = true
        isRegistered = false
        counters.drops.add(.appDead, undeliveredCount)
        window.removeAll()
        outbound.removeAll()
        sentTouches.removeAll()
        sentStream.reset()
    }

    /// Byte comparison with a routing-identity frame (no String is built per message).
    @inline(__always) func matches(identity frame: UnsafeRawBufferPointer) -> Bool {
        guard frame.count == identity.count else { return false }
        return identity.withUnsafeBytes { $0.elementsEqual(frame) }
    }
}
