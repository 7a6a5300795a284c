import AppChannel
import Dispatch
import Foundation
import HIDEvent
import RunLoopKit
import UIKitModel
import ZeroMQ

/// A live app process: the app's main run loop with the app channel as a source1.
///
/// The path of an event (event-delivery.md section 1, app side): the DEALER socket's source1 fires → the
/// callout decodes the HID frame and hands it to UIKit's event fetcher → the fetcher signals UIKit's event
/// source0 → UIApplication's queue → `sendEvent`. Two source0s of this host bracket UIKit's (orders -2 and
/// 1000 around its -1) to time the dispatch and to acknowledge every event after it was handled.
public final class AppHost {
    public let application: UIApplication
    public let configuration: AppHostConfiguration
    let context: ZMQContext
    let socket: ZMQSocket
    let trace: TraceSink
    var runLoop: EventRunLoop { application.runLoop }

    public private(set) var session: UInt64 = 0
    public private(set) var visibility: AppVisibility = .background
    /// Delivery sequences that skipped a number (lost across a reconnect): counted, not fatal.
    public private(set) var sequenceGaps: UInt64 = 0
    public private(set) var eventsReceived: UInt64 = 0
    private var expectedSequence: UInt64 = 1
    private var heartbeats: UInt64 = 0

    private let frame = ZMQMessage()
    private let hidFrame = ZMQMessage()
    private var pending: [PendingAck] = []
    private var dispatchMark: RunLoopSource0!
    private var ackSource: RunLoopSource0!
    private var heartbeatTimer: RunLoopTimer!
    private let ackBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: AckMessage.size, alignment: 8)
    private let heartbeatBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: HeartbeatMessage.size, alignment: 8)
    private var signalSources: [DispatchSourceSignal] = []
    private var stopping = false

    public init(application: UIApplication, configuration: AppHostConfiguration) throws {
        self.application = application
        self.configuration = configuration
        guard let first = configuration.bundleID.utf8.first, first != 0,
              configuration.bundleID.utf8.count <= AppChannelWire.maxBundleIDLength else {
            throw AppHostError.invalidBundleID(configuration.bundleID)
        }
        context = try ZMQContext(ioThreads: 1)
        socket = try context.socket(.dealer)
        try socket.setRoutingID(Array(configuration.bundleID.utf8))
        // Every (re)connect sends an empty message; SpringBoard answers `hello` and the app registers.
        try socket.setProbeRouter(true)
        try socket.setLinger(100)
        trace = try TraceSink(bundleID: configuration.bundleID, toStdout: configuration.traceToStdout,
                              filePath: configuration.traceFile, publishEndpoint: configuration.traceEndpoint, context: context)
        pending.reserveCapacity(64)
        // Streamed out as recorded; a long-running app keeps no trace in memory.
        application.trace.onRecord = { [trace, unowned application] line in
            trace.write(line)
            application.trace.removeAll()
        }
        installSources()
        try socket.connect(configuration.appEndpoint)
    }

    deinit {
        ackBuffer.deallocate()
        heartbeatBuffer.deallocate()
    }

    private func installSources() {
        application.eventFetcher.addSource(port: .zmq(socket.handle), order: 0) { [unowned self] receive in
            drain(receive)
        }
        dispatchMark = RunLoopSource0(order: -2) { [unowned self] in markDispatchStart() }
        ackSource = RunLoopSource0(order: 1000) { [unowned self] in sendAcks() }
        runLoop.add(dispatchMark, mode: .common)
        runLoop.add(ackSource, mode: .common)
        let interval = UInt64(configuration.heartbeatIntervalMilliseconds) * 1_000_000
        heartbeatTimer = RunLoopTimer(fireAt: runLoop.clock.now + interval, interval: interval) { [unowned self] _ in
            sendHeartbeat()
        }
        runLoop.add(heartbeatTimer, mode: .common)
    }

    // MARK: Receiving

    private func drain(_ receive: (HIDMessage) -> Void) {
        while true {
            do {
                guard try socket.receive(into: frame, dontWait: true) else { return }
            } catch {
                log("app channel receive: \(error)")
                return
            }
            do { try handleFrame(receive) } catch { log("app channel: \(error)") }
        }
    }

    private func handleFrame(_ receive: (HIDMessage) -> Void) throws {
        let header = try frame.withUnsafeBytes { try AppChannelHeader.decode($0) }
        if header.type == .event {
            let event = try frame.withUnsafeBytes { try EventHeader.decode($0) }
            guard frame.more, try socket.receive(into: hidFrame) else {
                throw AppChannelError.frameCount(message: "event", expected: 2, found: 1)
            }
            skipExtraFrames(hidFrame)
            try deliver(event, receive)
            return
        }
        skipExtraFrames(frame)
        let message = try frame.withUnsafeBytes { try AppChannelMessage.decode($0) }
        switch message {
        case .hello:
            register()
        case .registered(let registered):
            session = registered.session
            visibility = registered.visibility
            expectedSequence = 1
            pending.removeAll(keepingCapacity: true)
            log("registered: session \(registered.session), \(registered.visibility)")
        case .state(let state):
            visibility = state.visibility
            log("now \(state.visibility)")
        case .error(let error):
            log("springboard refused a message: \(error.code): \(error.text)")
            if error.code == .notRegistered { register() }
        case .ping:
            break
        case .register, .ack, .heartbeat, .goodbye, .eventHeader:
            log("unexpected \(message) from springboard")
        }
    }

    private func deliver(_ event: EventHeader, _ receive: (HIDMessage) -> Void) throws {
        let time = runLoop.clock.now
        if event.deliverySequence != expectedSequence { sequenceGaps &+= 1 }
        expectedSequence = event.deliverySequence &+ 1
        eventsReceived &+= 1
        dispatchMark.signal()
        ackSource.signal()
        var message: HIDMessage
        do {
            message = try hidFrame.withUnsafeBytes { bytes throws(HIDDecodeError) in try HIDDecoder.decode(bytes) }
        } catch {
            // Still acknowledged (not handled), so springboard does not wait for it until the ack timeout.
            pending.append(PendingAck(sequence: event.deliverySequence, appReceived: time, handled: false))
            throw error
        }
        message.envelope.timestamps.appReceived = time
        pending.append(PendingAck(sequence: event.deliverySequence, appReceived: time))
        receive(message)
    }

    private func skipExtraFrames(_ message: ZMQMessage) {
        var more = message.more
        while more {
            guard (try? socket.receive(into: message)) == true else { return }
            more = message.more
        }
    }

    // MARK: Sending

    private func register() {
        let message = RegisterMessage(bundleID: configuration.bundleID, displayName: configuration.displayName,
                                      pid: UInt32(getpid()), heartbeatIntervalMilliseconds: configuration.heartbeatIntervalMilliseconds)
        send(message.encoded())
    }

    private func markDispatchStart() {
        let time = runLoop.clock.now
        for i in pending.indices where pending[i].dispatchStarted == 0 { pending[i].dispatchStarted = time }
    }

    /// Runs after UIKit's source0 in the same pass: every pending event has been through `sendEvent`.
    private func sendAcks() {
        let time = runLoop.clock.now
        for entry in pending {
            AckMessage(deliverySequence: entry.sequence, handled: entry.handled, appReceived: entry.appReceived,
                       dispatchStarted: entry.dispatchStarted == 0 ? time : entry.dispatchStarted,
                       dispatchFinished: time).encode(into: ackBuffer)
            send(UnsafeRawBufferPointer(ackBuffer))
        }
        pending.removeAll(keepingCapacity: true)
    }

    private func sendHeartbeat() {
        heartbeats &+= 1
        HeartbeatMessage(counter: heartbeats, appTime: runLoop.clock.now).encode(into: heartbeatBuffer)
        send(UnsafeRawBufferPointer(heartbeatBuffer))
    }

    private func send(_ bytes: UnsafeRawBufferPointer) {
        do {
            // A DEALER blocks at its high-water mark; never stall the main thread for the channel.
            if try !socket.send(bytes, dontWait: true) { log("app channel full: message dropped") }
        } catch {
            log("app channel send: \(error)")
        }
    }

    private func send(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { send($0) }
    }

    func log(_ text: String) {
        guard configuration.verbose else { return }
        try? FileHandle.standardError.write(contentsOf: Data("app-host[\(configuration.bundleID)]: \(text)\n".utf8))
    }

    // MARK: Running

    /// Runs the main run loop until SIGTERM/SIGINT, then says goodbye and closes everything.
    /// In the application's current mode, re-entered on every switch (UIKit's GSEventRunModal): while a scroll
    /// view tracks a finger the loop runs UITrackingRunLoopMode, so default-mode timers wait, as on iOS.
    public func run() {
        installSignalHandlers()
        while !stopping {
            _ = application.runMainLoop()
        }
        send(AppChannelMessage.goodbye.encoded())
        socket.close()
        trace.close()
        for source in signalSources { source.cancel() }
    }

    public func stop() {
        runLoop.perform { [unowned self] in
            stopping = true
            runLoop.stop()
        }
        runLoop.wakeUp()
    }

    /// The handlers run on a dispatch queue, so they hold only signallers: their source0s act on the main thread.
    private func installSignalHandlers() {
        let hanging = HangFlag()
        let stopper = RunLoopSource0(name: "stop") { [unowned self] in stop() }
        runLoop.add(stopper, mode: .common)
        let stopSignaller = stopper.signaller(waking: runLoop)
        for number in [SIGTERM, SIGINT] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                // A main thread blocked on purpose cannot stop itself: leave at once.
                if hanging.isSet { _exit(0) }
                stopSignaller.signal()
            }
            source.resume()
            signalSources.append(source)
        }
        guard configuration.hangOnSIGUSR1 else { return }
        let hang = RunLoopSource0(name: "hang") { [unowned self] in
            // Test-only: an app whose main thread is stuck (no acks, no heartbeats; libzmq still answers).
            hanging.set()
            log("SIGUSR1: main thread blocked")
            while true { pause() }
        }
        runLoop.add(hang, mode: .common)
        let hangSignaller = hang.signaller(waking: runLoop)
        signal(SIGUSR1, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: .global())
        source.setEventHandler { hangSignaller.signal() }
        source.resume()
        signalSources.append(source)
    }
}
