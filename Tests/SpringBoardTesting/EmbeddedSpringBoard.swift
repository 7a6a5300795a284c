import AppChannel
import ControlProtocol
import EventPort
import Foundation
import HIDEvent
import RunLoopKit
import SpringBoardCore
import ZeroMQ

/// springboard built in-process, as swift-nio's `EmbeddedEventLoop` builds a channel: the real router (every
/// part, every socket) on a `ManualClock`, with inproc endpoints in one ZeroMQ context, driven by the test
/// frame by frame. A test sends a HID frame (`down`, `move`, `up`, `press`), runs the loop until nothing is
/// ready (`runUntilIdle`), reads what a fake app received (`FakeApp.receive`), answers it (acks, heartbeats)
/// and moves the clock (`advance`): the liveness timer fires at its own deadlines, nothing sleeps.
public final class EmbeddedSpringBoard {
    public static let events = "inproc://springboard.events"
    public static let apps = "inproc://springboard.apps"
    public static let control = "inproc://springboard.control"

    public let clock: ManualClock
    public let springBoard: SpringBoard
    /// What the home screen was handed (springboard's UIKit scene is not needed to see what it routes there).
    public let home = RecordingHomeScreen()
    /// The sender id of the frames `down`/`move`/`up`/`press` send.
    public let senderID: UInt64 = 0x7E57_0000_0000_0001
    /// HID messages are sent with the event room in front (protocols/app-channel.md, "Event room"), as
    /// `hid-source load` sends them; off (bare HID messages) by default.
    public var eventRoom = false
    private let source: ZMQSocket
    private var sequence: UInt64 = 0
    private var live: [UInt32: (x: Float, y: Float)] = [:]
    private var apps: [FakeApp] = []
    private var controlClients: [ZMQSocket] = []

    /// A springboard with inproc endpoints and `configure`'s settings, its clock at 1 s.
    public init(_ configure: (inout SpringBoardConfiguration) -> Void = { _ in }) throws {
        var configuration = SpringBoardConfiguration(
            eventEndpoint: Self.events, appEndpoint: Self.apps, controlEndpoint: Self.control)
        configure(&configuration)
        clock = ManualClock(now: 1_000_000_000)
        let home = home
        springBoard = try SpringBoard(configuration: configuration, clock: clock, context: ZMQContext(ioThreads: 1)) { _ in
            home
        }
        source = try springBoard.context.socket(.push)
        try source.setLinger(0)
        try source.connect(Self.events)
    }

    deinit {
        source.close()
        for app in apps { app.close() }
        for client in controlClients { client.close() }
        springBoard.shutdown()
    }

    // MARK: Driving the loop

    /// Handles everything ready or due now; the clock does not move.
    public func runUntilIdle() {
        springBoard.runLoop.runUntilIdle()
    }

    /// Moves the clock `milliseconds` forward, firing every timer due on the way at its own deadline.
    public func advance(milliseconds: UInt64) {
        springBoard.runLoop.advance(to: clock.now + milliseconds * 1_000_000)
    }

    // MARK: The hardware

    /// One digitizer frame: `changes` plus every other finger down, stationary. Sent, not yet read.
    public func frame(_ changes: [(index: UInt32, change: HIDFingerChange, x: Float, y: Float)]) throws {
        var fingers: [HIDDigitizerEvent] = []
        let changed = Set(changes.map(\.index))
        for (index, position) in live.sorted(by: { $0.key < $1.key }) where !changed.contains(index) {
            fingers.append(
                HIDDigitizerEvent(finger: index, .stationary, x: position.x, y: position.y, identity: index, tipPressure: 1))
        }
        for change in changes {
            fingers.append(
                HIDDigitizerEvent(
                    finger: change.index, change.change, x: change.x, y: change.y, identity: change.index,
                    tipPressure: change.change.contains(.up) ? 0 : 1))
            live[change.index] = change.change.lifts ? nil : (change.x, change.y)
        }
        try send(.digitizer(HIDDigitizerFrame(fingers: fingers)))
    }

    /// The source starts its stream over (springboard cancelled its fingers): no finger is down.
    public func forgetFingers() { live.removeAll() }

    /// A frame lost before springboard: its sequence number is used and nothing is sent.
    public func loseNextFrame() { sequence += 1 }

    public func down(_ index: UInt32 = 1, _ x: Float, _ y: Float) throws { try frame([(index, .down, x, y)]) }
    public func move(_ index: UInt32 = 1, _ x: Float, _ y: Float) throws { try frame([(index, .move, x, y)]) }
    public func up(_ index: UInt32 = 1, _ x: Float, _ y: Float) throws { try frame([(index, .up, x, y)]) }

    public func press(_ button: HIDButton) throws {
        try send(.button(HIDButtonEvent(button: button, isDown: true)))
        try send(.button(HIDButtonEvent(button: button, isDown: false)))
    }

    /// A HID message from `senderID`, stamped with the manual clock.
    public func send(_ payload: HIDPayload) throws {
        sequence += 1
        let message = HIDMessage(
            envelope: HIDEnvelope(
                kind: payload.kind, sequence: sequence, senderID: senderID,
                timestamps: HIDHopTimestamps(hardware: clock.now)),
            payload: payload)
        var bytes: [UInt8] = []
        if eventRoom { EventRoom.append(to: &bytes) }
        try HIDEncoder.append(message, to: &bytes)
        try sendRaw(bytes)
    }

    /// Any bytes on the event port.
    public func sendRaw(_ bytes: [UInt8]) throws {
        guard try source.send(bytes, dontWait: true) else { throw HarnessError("the event port would block") }
    }

    /// The source's end marker (final: its run is over).
    public func sendEndMarker(final: Bool) throws {
        try sendRaw(EndMarker(senderID: senderID, count: sequence, isFinal: final).encoded())
    }

    // MARK: Apps and control

    /// A fake app connected to the app channel (a DEALER with the connect probe, as app-host's); not registered.
    public func connectApp(_ bundleID: String) throws -> FakeApp {
        let app = try FakeApp(bundleID: bundleID, context: springBoard.context, endpoint: Self.apps)
        apps.append(app)
        return app
    }

    /// A fake app that registered and was told so (its `hello`, `registered` and any `state` read).
    /// `readsAlone`: the registration says the app reads an event's `alone` flag.
    public func registeredApp(
        _ bundleID: String, displayName: String? = nil, heartbeatMilliseconds: UInt32 = 0, readsAlone: Bool = false
    ) throws -> FakeApp {
        let app = try connectApp(bundleID)
        runUntilIdle()
        let hello = try app.receive()
        guard hello == [.hello] else { throw HarnessError("\(bundleID): expected hello, got \(hello)") }
        try app.register(displayName: displayName, heartbeatMilliseconds: heartbeatMilliseconds, readsAlone: readsAlone)
        runUntilIdle()
        let replies = try app.receive()
        guard case .registered = replies.first else {
            throw HarnessError("\(bundleID): expected registered, got \(replies)")
        }
        return app
    }

    /// A DEALER on the control socket (inproc): what it sends waits there until the loop serves it, as
    /// sbctl's requests do (`request` answers at once, without the socket).
    public func controlClient() throws -> ZMQSocket {
        let socket = try springBoard.context.socket(.dealer)
        try socket.setLinger(0)
        try socket.connect(Self.control)
        controlClients.append(socket)
        return socket
    }

    /// A control request answered as the control socket answers it.
    public func request(_ command: ControlCommand) -> ControlReply {
        springBoard.handleControl(ControlRequestCodec.encode(command))
    }

    public func stats() throws -> StatsInfo {
        let reply = request(.stats())
        guard let stats = reply.stats else { throw HarnessError("stats: no stats in \(reply)") }
        return stats
    }

    /// The app in front as `status` tells it: `.some(nil)` is the home screen, nil no status.
    public var foreground: String?? { request(.status).status.map { $0.foreground } }

    public func foreground(_ bundleID: String) throws {
        let reply = request(.foreground(bundleID: bundleID))
        guard reply.ok else { throw HarnessError("foreground \(bundleID): \(reply)") }
    }
}

/// What the harness throws when springboard does not do what a helper needs (a send that would block, a reply
/// that is not the expected one): the harness does not assert; the test's `try` fails with this.
public struct HarnessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// An app on the other end of the app channel, played by the test: it reads what springboard sent, and
/// acknowledges, heartbeats or stays silent as the test says.
public final class FakeApp {
    /// One `event` message as the app read it.
    public struct Event: Equatable {
        public var deliverySequence: UInt64
        public var flags: EventHeader.Flags
        public var message: HIDMessage
        /// The HID message's bytes, as springboard sent them.
        public var bytes: [UInt8]
        /// The coalesced samples' bytes (empty unless `flags` has `.coalesced`).
        public var samples: [UInt8]
    }

    public let bundleID: String
    private let socket: ZMQSocket
    /// Events read and not yet acknowledged, oldest first.
    public private(set) var unacknowledged: [Event] = []
    private var heartbeats: UInt64 = 0

    public init(bundleID: String, context: ZMQContext, endpoint: String) throws {
        self.bundleID = bundleID
        socket = try context.socket(.dealer)
        try socket.setLinger(0)
        try socket.setProbeRouter(true)
        try socket.connect(endpoint)
    }

    public func close() { socket.close() }

    /// `displayName`: the bundle id when nil.
    public func register(
        displayName: String? = nil, heartbeatMilliseconds: UInt32 = 0, pid: UInt32 = 4242, secret: [UInt8]? = nil,
        readsAlone: Bool = false
    ) throws {
        try send(
            RegisterMessage(
                bundleID: bundleID, displayName: displayName ?? bundleID, pid: pid,
                heartbeatIntervalMilliseconds: heartbeatMilliseconds,
                launchSecret: secret, readsAlone: readsAlone
            ).encoded())
    }

    public func heartbeat() throws {
        heartbeats += 1
        try send(HeartbeatMessage(counter: heartbeats, appTime: 0).encoded())
    }

    public func goodbye() throws { try send(AppChannelMessage.goodbye.encoded()) }

    public func send(_ body: [UInt8]) throws {
        guard try socket.send(body, dontWait: true) else { throw HarnessError("\(bundleID): the app channel would block") }
    }

    /// Every message waiting, decoded (events also kept in `unacknowledged`, for `ackAll`).
    public func receive() throws -> [AppChannelMessage] {
        var out: [AppChannelMessage] = []
        while let body = try socket.receive(dontWait: true) {
            let message = try AppChannelMessage.decode(body)
            out.append(message)
            if case .eventHeader(let header) = message {
                let (range, samples) = try body.withUnsafeBytes { try EventHeader.layout(of: $0, header: header) }
                let hid = try body.withUnsafeBytes { try HIDDecoder.decode(UnsafeRawBufferPointer(rebasing: $0[range])) }
                unacknowledged.append(
                    Event(
                        deliverySequence: header.deliverySequence, flags: header.flags, message: hid,
                        bytes: Array(body[range]), samples: Array(body[samples])))
            }
        }
        return out
    }

    /// The events among every message waiting.
    public func receiveEvents() throws -> [Event] {
        let before = unacknowledged.count
        _ = try receive()
        return Array(unacknowledged[before...])
    }

    /// One cumulative ack for every event read and not yet acknowledged, as an app with a clock sends it: each read
    /// at `received`, dispatched from `started` to `finished` (ns); `coalesced` says which the app's UIKit coalesced
    /// into a later one of the pass.
    public func ackAll(
        received: UInt64, started: UInt64, finished: UInt64, coalesced: (Event) -> Bool = { _ in false }
    ) throws {
        guard let first = unacknowledged.first else { return }
        var bytes: [UInt8] = []
        AcksMessage.begin(&bytes, firstSequence: first.deliverySequence)
        for event in unacknowledged {
            AcksMessage.append(
                AcksMessage.Entry(
                    appReceived: received, dispatchStarted: started, dispatchFinished: finished, handled: true,
                    coalescedInApp: coalesced(event)), to: &bytes)
        }
        unacknowledged.removeAll()
        try send(bytes)
    }

    /// A `frames` message (protocols/app-channel.md): frame `frame` started at `vsync`, committed, presented, and
    /// is the first to show delivery sequences `sequences`.
    public func present(
        frame: UInt64, vsync: UInt64, committed: UInt64, presented: UInt64, sequences: ClosedRange<UInt64>,
        missed: UInt32 = 0, refreshHz: UInt32 = 60
    ) throws {
        try send(
            FramesMessage(
                frame: frame, vsync: vsync, committed: committed, presented: presented, firstSequence: sequences.lowerBound,
                count: UInt32(sequences.count), missed: missed, refreshHz: refreshHz
            ).encoded())
    }

    /// One cumulative ack for every event read and not yet acknowledged (handled, stamped 0: no app clock).
    public func ackAll() throws {
        guard let first = unacknowledged.first else { return }
        var bytes: [UInt8] = []
        AcksMessage.begin(&bytes, firstSequence: first.deliverySequence)
        for _ in unacknowledged {
            AcksMessage.append(
                AcksMessage.Entry(appReceived: 0, dispatchStarted: 0, dispatchFinished: 0, handled: true), to: &bytes)
        }
        unacknowledged.removeAll()
        try send(bytes)
    }
}

/// A home screen that keeps what springboard hands it.
public final class RecordingHomeScreen: HomeScreenSeam {
    public private(set) var received: [HIDMessage] = []
    public private(set) var icons: [String] = []
    public var onLaunch: ((String) -> Void)?
    public var onPage: ((Int) -> Void)?
    public var page: Int { 0 }
    public var pageCount: Int { 1 }

    public func receive(_ message: HIDMessage) { received.append(message) }
    public func setIcons(_ apps: [(bundleID: String, displayName: String)]) { icons = apps.map(\.bundleID) }
    public func place(of bundleID: String) -> (page: Int, slot: Int)? { icons.firstIndex(of: bundleID).map { (0, $0) } }
    public func traceCalls(to sink: @escaping (String) -> Void) {}
    /// No picture: a 390 x 844 screen whose icons have no frames.
    public var shown: HomeScreenInfo {
        HomeScreenInfo(
            width: 390, height: 844, page: 0, pageCount: 1,
            icons: icons.map { HomeIconInfo(bundleID: $0, displayName: $0, x: 0, y: 0, width: 0, height: 0) })
    }

    /// The home screen's icon tap, as `HomeScreenScene` reports it.
    public func tapIcon(_ bundleID: String) { onLaunch?(bundleID) }
}
