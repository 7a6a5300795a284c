import EventPort
import AppChannel
import HIDEvent
import Logging
import RunLoopKit
import ZeroMQ

/// The event port's source1: reads HID frames and end markers from hid-sources (PULL), validates them without
/// allocating, stamps them, and hands them to the router. Owns the socket, its connection monitor, the
/// message frames are received into, and the counting of what it reads and routes nowhere (by reason and,
/// when malformed, by rule and peer).
final class EventPortReader {
    private let socket: ZMQSocket
    /// The socket's monitor: a source's connection closed.
    private let connectionMonitor: ZMQSocket
    /// Frames are received into this one message, stamped in place and handed to libzmq again for the app
    /// (zero copy); libzmq leaves it empty after the send, ready for the next receive.
    private let message = ZMQMessage()
    /// Each frame's connection (`ZMQ_SRCFD`), asked of libzmq only when the connection changed.
    private let connections = ConnectionCache()
    /// Messages read per callout, so control requests are served under load.
    private let batch: Int
    /// Every peer shares springboard's clock: the source-to-springboard hop is timed.
    private let sharedClock: Bool
    private let sources: SourceTable
    private let router: GestureRouter
    private let delivery: AppDelivery
    let counters: SpringBoardCounters
    let registry: AppRegistry
    let log: SpringBoardLog
    let clock: RunLoopClock
    /// `sbctl monitor`'s feed (nil without a monitor endpoint).
    let frameMonitor: FrameMonitor?

    init(
        socket: ZMQSocket, connectionMonitor: ZMQSocket, frameMonitor: FrameMonitor?, configuration: SpringBoardConfiguration,
        sources: SourceTable, router: GestureRouter, delivery: AppDelivery, registry: AppRegistry,
        counters: SpringBoardCounters, log: SpringBoardLog, clock: RunLoopClock
    ) {
        self.socket = socket
        self.connectionMonitor = connectionMonitor
        self.frameMonitor = frameMonitor
        self.batch = configuration.eventBatch
        self.sharedClock = configuration.sharedClock
        self.sources = sources
        self.router = router
        self.delivery = delivery
        self.registry = registry
        self.counters = counters
        self.log = log
        self.clock = clock
    }

    /// Adds the event port (paused and resumed by `delivery`), its monitor and the frame monitor's
    /// subscriptions to `runLoop`.
    func install(on runLoop: EventRunLoop) {
        let source = RunLoopSource1(port: .zmq(socket), order: SpringBoardSourceOrder.eventPort, name: "event port") {
            [unowned self] in drain()
        }
        delivery.controlEventPort(source, on: runLoop)
        runLoop.add(
            RunLoopSource1(port: .zmq(connectionMonitor), order: SpringBoardSourceOrder.eventMonitor) { [unowned self] in
                drainConnectionMonitor()
            }, mode: .common)
        if let frameMonitor {
            runLoop.add(
                RunLoopSource1(port: .zmq(frameMonitor.socket), order: SpringBoardSourceOrder.frameMonitor, name: "frame monitor")
                {
                    [unowned self] in drainMonitorSubscriptions()
                }, mode: .common)
        }
    }

    func drain() {
        var budget = batch
        // One uniqueness check for the batch (nothing copies or resets the counters while it is read).
        let latency = counters.latency.recorder()
        while budget > 0, !delivery.isEventPortPaused {
            budget -= 1
            let received: Bool
            do { received = try socket.receive(into: message, dontWait: true) } catch {
                log.logger.error("event port: \(error)")
                return
            }
            guard received else { return }
            counters.eventPortReceived &+= 1
            let connection = connections.connection(of: message)
            // One HID frame (or marker) per message: a multipart message is refused whole, never read part by part.
            let watched = monitorSnapshot()
            if message.more {
                var parts = 1
                while message.more, (try? socket.receive(into: message)) == true { parts += 1 }
                countMalformed(reason: "multipart", connection: connection, MultipartMessage(parts: parts))
                if let watched { publishFrame(UnsafeRawBufferPointer(start: nil, count: 0), kind: "multipart", since: watched) }
                continue
            }
            let stop = message.withUnsafeMutableBytes { raw in
                // Watched, the frame is published after it is handled: its bytes must still be there, so it is not
                // forwarded in place then.
                let stop = handleFrame(raw, connection: connection, mayForward: watched == nil, latency: latency)
                if let watched { publishFrame(Self.hidMessage(of: raw), since: watched) }
                return stop
            }
            // A home-screen gesture just ended: let the home source0 act on it (it may bring an app to the
            // foreground) before the next gesture picks its target.
            if stop { return }
        }
    }

    /// Returns true when the drain should pause for the home screen. `mayForward`: a frame with an event room may
    /// be handed to libzmq again as it is (its bytes are gone once it is sent).
    private func handleFrame(
        _ frame: UnsafeMutableRawBufferPointer, connection: Int32, mayForward: Bool, latency: HopLatencies.Recorder
    ) -> Bool {
        let bytes = UnsafeRawBufferPointer(frame)
        if EndMarker.matches(bytes) {
            do { sources.noteMarker(try EndMarker.decode(bytes), connection: connection) } catch {
                countMalformed(reason: "endMarker", connection: connection, error)
            }
            return false
        }
        // A HID message with room for the app's event header in front (hid-source load's frames): the app's
        // `event` is this very message, its header written in place (protocols/app-channel.md, "Event room").
        var raw = frame
        let hasRoom = EventRoom.matches(bytes)
        if hasRoom {
            do { raw = try EventRoom.message(in: frame) } catch {
                countMalformed(reason: "eventRoom", connection: connection, error)
                return false
            }
        }
        let view: HIDMessageView
        do { view = try HIDMessageView(validating: UnsafeRawBufferPointer(raw)) } catch {
            countMalformed(reason: error.reason.rawValue, connection: connection, error)
            return false
        }
        let time = clock.now
        HIDMessageView.stamp(.routerReceived, time, in: raw)
        if sharedClock { latency.record(.sourceToSpringBoard, from: view.timestamp(.hardware), to: time) }
        guard let source = sources.noteFrame(from: view.senderID, sequence: view.sequence, connection: connection, at: time)
        else {
            counters.dropAtPort(.foreignSender)
            if log.verbose { log.limited("event port: sender \(view.senderID) is another connection's") }
            return false
        }
        if view.kind == .digitizer {
            do { try sources.verify(view, sourceAt: source) } catch {
                counters.dropAtPort(.invalidStream)
                if log.verbose { log.limited("event port: sender \(view.senderID): \(error)") }
                return false
            }
        }
        return router.route(message, raw, view, inPlace: hasRoom && mayForward)
    }

    /// The HID message of a frame with an event room, else the frame itself (what the frame monitor decodes).
    private static func hidMessage(of frame: UnsafeMutableRawBufferPointer) -> UnsafeRawBufferPointer {
        guard EventRoom.matches(UnsafeRawBufferPointer(frame)), let raw = try? EventRoom.message(in: frame) else {
            return UnsafeRawBufferPointer(frame)
        }
        return UnsafeRawBufferPointer(raw)
    }

    /// A source's connection closed: its fingers are cancelled on the next liveness tick.
    private func drainConnectionMonitor() {
        while let event = try? ZMQMonitorEvent.receive(from: connectionMonitor, dontWait: true) {
            if event.event.contains(.disconnected) {
                sources.connectionClosed(event.value)
                // Its last frames may still be queued: they ask libzmq again (the cache must not pin a dead
                // connection's receive buffer).
                connections.forget()
            }
        }
    }

    /// A frame that did not validate: counted by the rule it broke and by the peer that sent it, logged at most
    /// once a second (a fuzzer must not fill the disk).
    private func countMalformed(reason: String, connection: Int32, _ error: any Error) {
        counters.dropAtPort(.malformed)
        counters.malformedByReason[reason, default: 0] &+= 1
        var peer = connection < 0 ? "unknown" : "fd \(connection)"
        if connection >= 0, let credentials = PeerCredentials(fileDescriptor: connection) { peer = "pid \(credentials.pid)" }
        if counters.malformedByPeer[peer] == nil, counters.malformedByPeer.count >= 32 { peer = "other" }
        counters.malformedByPeer[peer, default: 0] &+= 1
        if log.verbose { log.limited("event port: dropped malformed frame from \(peer): \(error)") }
    }
}

/// A message of more than one frame on the event port.
struct MultipartMessage: Error, CustomStringConvertible {
    var parts: Int
    var description: String { "a message of \(parts) frames (one HID message or marker per message)" }
}
