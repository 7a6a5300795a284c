import AppChannel
import HIDEvent
import RunLoopKit
import ZeroMQ

// The app port's source1 callout: messages from springboard. An `event` goes to UIKit's fetcher with the
// samples coalesced into it; everything else is the app channel's own business.
extension AppHost {
    /// The app port's source1 callout. It reads until the socket is empty, or until an event springboard flagged
    /// `alone` (nothing queued behind it, the app keeping up): the receive that would find the socket empty costs
    /// libzmq a `getpid` and a `poll` of its mailbox (2 of the 14 system calls a frame at 20 frames a second, issue 27). Nothing is
    /// lost: the socket was used, so the poller asks it (`ZMQ_EVENTS`) before the loop sleeps, and that ask finds
    /// anything that came since, or leaves libzmq's pipe asleep so that the next message signals its fd.
    func drain() {
        while true {
            do {
                guard try socket.receive(into: frame, dontWait: true) else { return }
            } catch {
                logger.info("app channel receive: \(error)")
                return
            }
            do {
                if try handleFrame() {
                    // Released now, as the receive that found nothing would have: libzmq's received message is a
                    // slice of its I/O thread's receive buffer, and one still held when the next frame arrives makes
                    // that thread allocate a new buffer (a malloc and a free a frame, seen under callgrind).
                    frame.reset()
                    return
                }
            } catch { logger.info("app channel: \(error)") }
        }
    }

    /// Each message is decoded once: `AppChannelMessage.decode` validates its 8-byte header once and hands the
    /// body to its type's decoder (for an `event`, the event header); the HID bytes behind it by `deliverEvent`.
    /// True for an event flagged `alone`.
    private func handleFrame() throws -> Bool {
        // One frame; anything more (a peer speaking the old three-frame layout) is read past, after.
        defer { skipExtraFrames(frame) }
        // An event, nearly every frame: its header decoded (`EventHeader.decode` validates the 8-byte header as
        // `AppChannelMessage.decode` does, so the same errors) and the event delivered in one look at the bytes. The
        // general decode built an `AppChannelMessage`, and the event's bytes were looked up a second time: ~250
        // instructions a frame (issue 27).
        let alone: Bool? = try frame.withUnsafeBytes { bytes in
            guard bytes.count > Self.typeOffset, bytes[Self.typeOffset] == AppMessageType.event.rawValue else { return nil }
            let event = try EventHeader.decode(bytes)
            try deliverEvent(event, bytes: bytes)
            return event.flags.contains(.alone)
        }
        if let alone { return alone }
        let message = try frame.withUnsafeBytes { try AppChannelMessage.decode($0) }
        switch message {
        case .eventHeader(let event):  // not reached: an event is read above
            try frame.withUnsafeBytes { try deliverEvent(event, bytes: $0) }
            return event.flags.contains(.alone)
        case .hello:
            register()
        case .registered(let registered):
            session = registered.session
            visibility = registered.visibility
            expectedSequence = 1
            lastShownSequence = 0
            frameLastSequence.removeAll()
            framesStopped = false
            pending.removeAll(keepingCapacity: true)
            unsentAcks.removeAll()  // the old session's sequences mean nothing to the new one
            // A new session: nothing the old one had down will end (a restarted springboard never saw it).
            cancelLiveTouches(reason: "registered (session \(registered.session)) with touches down")
            logger.info("registered: session \(registered.session), \(registered.visibility)")
        case .state(let state):
            visibility = state.visibility
            logger.info("now \(state.visibility)")
        case .error(let error):
            switch error.code {
            case .bundleIDInUse, .registryFull, .bundleIDMismatch, .pidMismatch, .launchSecretMismatch:
                // Refused: the next heartbeat gets `notRegistered` and the registration is tried again.
                logger.warning("springboard refused the registration: \(error.code): \(error.text)")
            case .notRegistered:
                logger.info("springboard refused a message: \(error.code): \(error.text)")
                register()
            case .malformed where Self.refusesFrames(error.text):
                framesRefused &+= 1
                if !framesStopped {
                    framesStopped = true
                    logger.warning("springboard does not read `frames` (\(error.text)): no more sent this session")
                }
            case .malformed, .unexpectedAck:
                logger.info("springboard refused a message: \(error.code): \(error.text)")
            }
        case .ping:
            break
        case .locate(let locate):
            let result = viewLocator?(locate.viewID) ?? .notFound(reason: "the app has no scene to look in")
            sendOrLog(LocationMessage(request: locate.request, result: result).encoded(), what: "location")
        case .register, .ack, .acks, .heartbeat, .goodbye, .location, .frames:
            logger.info("unexpected \(message) from springboard")
        }
        return false
    }

    /// Where the message type lies in an app-channel header (protocols/app-channel.md: magic u32, version u8, type u8).
    private static let typeOffset = 5

    /// An `event` frame (its header already decoded, `bytes` the whole frame): the HID message, and any coalesced
    /// samples after it.
    private func deliverEvent(_ event: EventHeader, bytes: UnsafeRawBufferPointer) throws {
        let time = clock.now
        if event.deliverySequence != expectedSequence { sequenceGaps &+= 1 }
        expectedSequence = event.deliverySequence &+ 1
        eventsReceived &+= 1
        // With a display the event waits for the next frame: its ack is sent after that frame dispatched it.
        // `ackSource` called unretained (its bits as `Unmanaged`; the host holds it): a call through the `var`
        // retained and released it every event (issue 27).
        if application.unretainedDisplay == nil {
            unsafeBitCast(ackSource, to: Unmanaged<RunLoopSource0>?.self)?._withUnsafeGuaranteedRef { $0.signal() }
        }
        var message: HIDMessage
        var coalesced: [HIDMessage] = []
        var fingers = fetcher.takeFingerStorage()
        do {
            // Decoded straight into the two locals (a HIDMessage is ~200 bytes; every copy is a memmove), and the
            // live fingers followed through the validated view, without copying the decoded frame again.
            let (messageRange, samplesRange) = try EventHeader.layout(of: bytes, header: event)
            let view = try HIDMessageView(validating: UnsafeRawBufferPointer(rebasing: bytes[messageRange]))
            if !samplesRange.isEmpty {
                coalesced = try CoalescedSamples.decode(UnsafeRawBufferPointer(rebasing: bytes[samplesRange]))
            }
            liveTouches.follow(view)
            message = view.message(reusingFingers: &fingers)
        } catch {
            // Still acknowledged (not handled), so springboard does not wait for it until the ack timeout.
            pending.append(PendingAck(token: 0, sequence: event.deliverySequence, appReceived: time, handled: false))
            throw error
        }
        samplesReceived &+= UInt64(1 + coalesced.count)
        if let last = coalesced.last, !Self.inOrder(coalesced, before: message) {
            samplesOutOfOrder &+= 1
            logger.info(
                "coalesced samples out of order: last sample \(last.envelope.sequence), event \(message.envelope.sequence)")
        }
        message.envelope.timestamps.appReceived = time
        timeline?.received(message, delivery: event.deliverySequence)
        lastDeliveryToken &+= 1
        pending.append(PendingAck(token: lastDeliveryToken, sequence: event.deliverySequence, appReceived: time))
        // Moved, not copied.
        fetcher.receive(consume message, coalesced: consume coalesced, delivery: lastDeliveryToken)
    }

    /// The samples of one sender come before the event, in sender order.
    private static func inOrder(_ samples: [HIDMessage], before message: HIDMessage) -> Bool {
        var previous: UInt64 = 0
        for sample in samples {
            guard sample.envelope.sequence > previous else { return false }
            previous = sample.envelope.sequence
        }
        return previous < message.envelope.sequence
    }

    private func skipExtraFrames(_ message: ZMQMessage) {
        var more = message.more
        while more {
            guard (try? socket.receive(into: message)) == true else { return }
            more = message.more
        }
    }
}

// The channel to springboard lost or re-established: touches the app has down will never get their end from
// the old session (a restarted springboard knows nothing of them), so the app cancels them itself. UIKit does
// the same when its connection to the event system resets: every live touch gets touchesCancelled and every
// recognizer tracking one is cancelled, so a later one-finger drag is not merged with a ghost finger.
extension AppHost {
    /// The channel monitor's source1: a disconnect from springboard (it died or restarted).
    func drainChannelMonitor() {
        while let event = try? ZMQMonitorEvent.receive(from: channelMonitor, dontWait: true) {
            if event.event.contains(.disconnected) {
                cancelLiveTouches(reason: "the channel to springboard was lost")
                reconnect()
            }
        }
    }

    /// Connects the channel again, at once. libzmq reconnects a lost connection by itself, except after a
    /// protocol error on this side: a frame over `ZMQ_MAXMSGSIZE` (or otherwise malformed) from the peer ends
    /// the session for good (libzmq 4.3's `session_base_t::engine_error` terminates instead of reconnecting),
    /// and the app would never register again. So on every disconnect the app drops the old connection and
    /// connects anew; while nothing listens, libzmq retries the new one every `ZMQ_RECONNECT_IVL`.
    func reconnect() {
        try? socket.disconnect(configuration.appEndpoint)
        do {
            try socket.connect(configuration.appEndpoint)
            channelReconnects &+= 1
        } catch {
            logger.error("cannot reconnect to \(configuration.appEndpoint): \(error)")
        }
    }

    /// Hands UIKit one frame cancelling every live touch (IOHIDFamily's cancel: phase cancelled, mask
    /// range|touch|cancel), from the app's own sender id. It goes through the same queue as springboard's
    /// events, after the ones already read, with no delivery token: dispatched but never acknowledged
    /// (springboard did not send it).
    func cancelLiveTouches(reason: String) {
        guard !liveTouches.isEmpty else { return }
        let fingers = liveTouches.cancelFingers
        liveTouches.removeAll()
        channelCancels &+= 1
        ownSequence &+= 1
        let time = runLoop.clock.now
        let message = HIDMessage(
            envelope: HIDEnvelope(
                kind: .digitizer, sequence: ownSequence, senderID: Self.ownSenderID,
                timestamps: HIDHopTimestamps(hardware: time, appReceived: time)),
            payload: .digitizer(HIDDigitizerFrame(fingers: fingers)))
        logger.warning("\(reason): cancelling \(fingers.count) live touch(es)")
        application.eventFetcher.receive(message)
    }

    /// "AP" and zeros: never a hid-source's (those carry a pid) nor springboard's ("SB").
    static let ownSenderID: UInt64 = 0x4150_0000_0000_0000
}
