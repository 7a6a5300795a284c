/// springboard's own counters: what no one app owns (the event port, sources, routing decisions, the control
/// socket, security). Plain integers owned by the run-loop thread and read by the control server on that
/// same thread: no atomics, no locks, nothing to pay when nobody reads them. One instance, shared by
/// springboard's parts (each counts what it decides).
///
/// What an app owns is counted once, in its `AppCounters`; the all-apps figures of a `stats` reply
/// (`routedToApp`, `acks`, `heartbeats`, `giveUps`, `cancelsSynthesized`, `coalescedSamples`, `lostInFlight`,
/// the app drops, and the refusals charged to an app) are the sum over apps, worked out when read (`byName`).
final class SpringBoardCounters {
    /// Frames read off the event port (HID messages and end markers).
    @exclusivity(unchecked)
    var eventPortReceived: UInt64 = 0
    @exclusivity(unchecked)
    var digitizerFrames: UInt64 = 0
    @exclusivity(unchecked)
    var buttonEvents: UInt64 = 0
    @exclusivity(unchecked)
    var motionEvents: UInt64 = 0
    @exclusivity(unchecked)
    var endMarkers: UInt64 = 0
    /// Keep-alive markers read (a source holding fingers down without sending frames).
    @exclusivity(unchecked)
    var keepAlives: UInt64 = 0
    /// Times a source's fingers were cancelled because it fell silent past the source timeout.
    @exclusivity(unchecked)
    package var sourceTimeouts: UInt64 = 0
    /// Times a source's fingers were cancelled by `cancelSource`.
    @exclusivity(unchecked)
    package var sourcesCancelled: UInt64 = 0
    /// Times a source's fingers were cancelled because its connection closed with them down.
    @exclusivity(unchecked)
    package var sourceDisconnects: UInt64 = 0
    /// End markers (final, checkpoint or keep-alive) naming a sender bound to another open connection.
    @exclusivity(unchecked)
    package var markersRefused: UInt64 = 0
    /// Frames the home screen consumed.
    @exclusivity(unchecked)
    var routedToHome: UInt64 = 0
    /// Frames of a gesture the system took (swipe up from the bottom edge).
    @exclusivity(unchecked)
    package var consumedBySystem: UInt64 = 0
    @exclusivity(unchecked)
    package var homeButtonPresses: UInt64 = 0
    /// Times the event port stopped being read because the app it routes to could not take more (its queue
    /// reached the backpressure threshold, or in shed mode its bound).
    @exclusivity(unchecked)
    package var eventPortPauses: UInt64 = 0
    /// Frames whose `sequence` jumped past the sender's previous one (messages missing before springboard).
    @exclusivity(unchecked)
    var sequenceGaps: UInt64 = 0
    /// The sequence numbers those gaps skipped: frames lost between the sources and springboard.
    @exclusivity(unchecked)
    var framesMissing: UInt64 = 0
    /// Frames springboard was about to send that its per-app stream verifier rejected (a springboard bug:
    /// always 0).
    @exclusivity(unchecked)
    var outgoingStreamErrors: UInt64 = 0
    /// Ack messages read (a batch is one message).
    @exclusivity(unchecked)
    package var ackMessages: UInt64 = 0
    @exclusivity(unchecked)
    package var registrations: UInt64 = 0
    /// Registrations refused and charged to no app's record: the key's or launch's bundle id, the connection
    /// registered another one, a pid mismatch, or the registry is full (`bundleIDInUse` is charged to the live
    /// owner: `AppCounters.registrationsRefused`). The `stats` figure is this plus the apps'.
    @exclusivity(unchecked)
    package var registrationsRefusedUnowned: UInt64 = 0
    /// Acks, heartbeats and goodbyes from connections that registered no app (refused with `notRegistered`).
    @exclusivity(unchecked)
    package var unregisteredMessages: UInt64 = 0
    /// Connections that opened on the app channel (their probe); nothing is kept for them until they register.
    @exclusivity(unchecked)
    package var channelProbes: UInt64 = 0
    @exclusivity(unchecked)
    package var foregroundChanges: UInt64 = 0
    @exclusivity(unchecked)
    package var controlRequests: UInt64 = 0
    @exclusivity(unchecked)
    package var notRespondingTransitions: UInt64 = 0
    /// The drops decided at the event port (a frame read and routed nowhere): malformed,
    /// invalidStream, foreignSender, gestureCancelled, noTarget. Every frame read is counted once:
    /// `eventPortReceived = endMarkers + keepAlives + markersRefused + routedToApp + routedToHome +
    /// consumedBySystem + homeButtonFrames + eventPortDropped`.
    @exclusivity(unchecked)
    var eventPortDrops = DropCounts()
    /// Home-button frames (down and up): SpringBoard's own, never routed.
    @exclusivity(unchecked)
    var homeButtonFrames: UInt64 = 0
    /// Frame-monitor records published (`sbctl monitor`), and refused by a subscriber at its high-water mark.
    @exclusivity(unchecked)
    var monitorRecords: UInt64 = 0
    @exclusivity(unchecked)
    var monitorRecordsDropped: UInt64 = 0
    /// Frames whose `sequence` was not above the sender's previous one (a restarted sender reusing its id, a
    /// duplicate, a replay): counted and routed, the sender's sequence starts over.
    @exclusivity(unchecked)
    var sequenceRegressions: UInt64 = 0
    /// Events settled by a later cumulative ack without their own entry (their stamps were in a lost ack).
    @exclusivity(unchecked)
    var implicitAcks: UInt64 = 0
    /// Apps ended with `kill`.
    @exclusivity(unchecked)
    var appsKilled: UInt64 = 0
    /// Apps the watchdog killed (`--watchdog`): not responding past its limit.
    @exclusivity(unchecked)
    var watchdogKills: UInt64 = 0
    /// CURVE connections the ZAP handler admitted, and refused (key not authorized for that socket).
    @exclusivity(unchecked)
    var authAccepted: UInt64 = 0
    @exclusivity(unchecked)
    var authRefused: UInt64 = 0
    /// Control requests refused because the key's role does not allow them.
    @exclusivity(unchecked)
    var controlRefused: UInt64 = 0
    /// Apps springboard launched (relaunches included), and launched apps that exited.
    @exclusivity(unchecked)
    var launches: UInt64 = 0
    @exclusivity(unchecked)
    var launchedExits: UInt64 = 0
    /// Malformed event-port frames by the rule they broke (protocols/hid-event.md, "Validation"; `endMarker`
    /// for a bad end marker) and by peer (`pid N` over ipc, else `fd N`; at most 32 peers, the rest `other`).
    @exclusivity(unchecked)
    var malformedByReason: [String: UInt64] = [:]
    @exclusivity(unchecked)
    var malformedByPeer: [String: UInt64] = [:]
    /// `sourceToSpringBoard` (per source, not per app); the other hops are kept per app and added up for
    /// `stats`.
    @exclusivity(unchecked)
    package var latency = HopLatencies()
    /// When the counters were last reset (or springboard started).
    @exclusivity(unchecked)
    var since: UInt64

    init(since: UInt64) { self.since = since }

    /// A frame read and routed nowhere: counted in the event port's drops.
    @inline(__always) func dropAtPort(_ reason: DropReason) { eventPortDrops.add(reason) }

    /// Every counter and histogram starts again from zero (a new counter is reset here too).
    func reset(at time: UInt64) {
        eventPortReceived = 0
        digitizerFrames = 0
        buttonEvents = 0
        motionEvents = 0
        endMarkers = 0
        keepAlives = 0
        sourceTimeouts = 0
        sourcesCancelled = 0
        sourceDisconnects = 0
        markersRefused = 0
        routedToHome = 0
        consumedBySystem = 0
        homeButtonPresses = 0
        eventPortPauses = 0
        sequenceGaps = 0
        framesMissing = 0
        outgoingStreamErrors = 0
        ackMessages = 0
        registrations = 0
        registrationsRefusedUnowned = 0
        unregisteredMessages = 0
        channelProbes = 0
        foregroundChanges = 0
        controlRequests = 0
        notRespondingTransitions = 0
        eventPortDrops = DropCounts()
        homeButtonFrames = 0
        monitorRecords = 0
        monitorRecordsDropped = 0
        sequenceRegressions = 0
        implicitAcks = 0
        appsKilled = 0
        watchdogKills = 0
        authAccepted = 0
        authRefused = 0
        controlRefused = 0
        launches = 0
        launchedExits = 0
        malformedByReason = [:]
        malformedByPeer = [:]
        latency = HopLatencies()
        since = time
    }

    /// Every drop: the event port's, and the apps' (`apps` is the sum of every app's counters).
    func drops(apps: AppCounters) -> DropCounts {
        var all = eventPortDrops
        all.add(apps.drops)
        return all
    }

    /// The `stats` reply's `hops`: springboard's own counters, and the sums over apps (`apps`) of what each
    /// app counts, so nothing is counted twice. `logLinesSuppressed` is the log's.
    func byName(apps: AppCounters, logLinesSuppressed: UInt64) -> [String: UInt64] {
        [
            "routedToApp": apps.routed, "acks": apps.acked, "heartbeats": apps.heartbeats, "giveUps": apps.giveUps,
            "cancelsSynthesized": apps.cancelsSent, "coalescedSamples": apps.coalescedSamples,
            "lostInFlight": apps.lostInFlight, "registrationsRefused": registrationsRefusedUnowned &+ apps.registrationsRefused,
            "eventPortReceived": eventPortReceived, "digitizerFrames": digitizerFrames, "buttonEvents": buttonEvents,
            "motionEvents": motionEvents, "eventPortDropped": eventPortDrops.total, "homeButtonFrames": homeButtonFrames,
            "logLinesSuppressed": logLinesSuppressed, "monitorRecords": monitorRecords,
            "monitorRecordsDropped": monitorRecordsDropped,
            "sequenceRegressions": sequenceRegressions, "implicitAcks": implicitAcks,
            "appsKilled": appsKilled, "watchdogKills": watchdogKills, "authAccepted": authAccepted, "authRefused": authRefused,
            "controlRefused": controlRefused,
            "launches": launches, "launchedExits": launchedExits,
            "endMarkers": endMarkers, "keepAlives": keepAlives,
            "sourceTimeouts": sourceTimeouts, "sourcesCancelled": sourcesCancelled,
            "sourceDisconnects": sourceDisconnects, "markersRefused": markersRefused,
            "routedToHome": routedToHome, "consumedBySystem": consumedBySystem, "homeButtonPresses": homeButtonPresses,
            "eventPortPauses": eventPortPauses, "sequenceGaps": sequenceGaps, "framesMissing": framesMissing,
            "outgoingStreamErrors": outgoingStreamErrors, "ackMessages": ackMessages,
            "registrations": registrations,
            "unregisteredMessages": unregisteredMessages, "channelProbes": channelProbes, "foregroundChanges": foregroundChanges,
            "controlRequests": controlRequests, "notRespondingTransitions": notRespondingTransitions,
        ]
    }
}

/// Drop counters by reason: a fixed array indexed by `DropReason.rawValue`, so counting costs an increment.
package struct DropCounts: Equatable, Sendable {
    private var counts = [UInt64](repeating: 0, count: DropReason.allCases.count)

    init() {}

    @inline(__always) mutating func add(_ reason: DropReason, _ n: UInt64 = 1) { counts[reason.rawValue] &+= n }

    /// Adds every reason's count of `other`.
    mutating func add(_ other: DropCounts) {
        for i in counts.indices { counts[i] &+= other.counts[i] }
    }

    package subscript(_ reason: DropReason) -> UInt64 { counts[reason.rawValue] }

    var total: UInt64 { counts.reduce(0, &+) }

    /// Non-zero counts by name (the `stats` reply).
    var byName: [String: UInt64] {
        var out: [String: UInt64] = [:]
        for reason in DropReason.allCases where counts[reason.rawValue] > 0 { out[reason.name] = counts[reason.rawValue] }
        return out
    }
}

/// Why an event was not delivered; every drop is counted under one of these.
package enum DropReason: Int, Sendable, CaseIterable {
    /// The target app died (or said goodbye) before the event could be delivered.
    case appDead
    /// springboard gave up on an app that stopped responding (ack timeout): what was queued for it. The
    /// app receives a cancel for its live touches when it comes back.
    case notResponding
    /// The rest of a gesture whose app already received cancel (foreground changed, system gesture, app death).
    case gestureCancelled
    /// libzmq refused the send: the peer vanished (EHOSTUNREACH) or another send error.
    case sendFailed
    /// Bytes on the event port that did not validate as a HID message.
    case malformed
    /// A button or motion event with no foreground app to take it.
    case noTarget
    /// A digitizer frame impossible after its sender's previous ones (a finger beginning while down, moving
    /// while up, missing from a frame): Android's stream verifier rejects these.
    case invalidStream
    /// A HID frame naming a sender id bound to another open event-port connection (a spoofed source).
    case foreignSender

    var name: String {
        switch self {
        case .appDead: return "appDead"
        case .notResponding: return "notResponding"
        case .gestureCancelled: return "gestureCancelled"
        case .sendFailed: return "sendFailed"
        case .malformed: return "malformed"
        case .noTarget: return "noTarget"
        case .invalidStream: return "invalidStream"
        case .foreignSender: return "foreignSender"
        }
    }
}
