import EventPort
import HIDEvent
import ZeroMQ

// The event port's source1: read HID frames from hid-source, validate without allocating, stamp, route.
extension SpringBoard {
    func drainEventPort() {
        var budget = configuration.eventBatch
        while budget > 0, !eventPortPaused {
            budget -= 1
            let received: Bool
            do { received = try eventSocket.receive(into: eventMessage, dontWait: true) } catch {
                logger.error("event port: \(error)")
                return
            }
            guard received else { return }
            counters.eventPortReceived &+= 1
            let connection = eventMessage.sourceFileDescriptor ?? -1
            // One HID frame (or marker) per message: a multipart message is refused whole, never read part by part.
            let watched = monitorSnapshot()
            if eventMessage.more {
                var parts = 1
                while eventMessage.more, (try? eventSocket.receive(into: eventMessage)) == true { parts += 1 }
                countMalformed(reason: "multipart", connection: connection, MultipartMessage(parts: parts))
                if let watched { publishFrame(UnsafeRawBufferPointer(start: nil, count: 0), kind: "multipart", since: watched) }
                continue
            }
            let stop = eventMessage.withUnsafeMutableBytes { raw in
                let stop = handleEventFrame(raw, connection: connection)
                if let watched { publishFrame(UnsafeRawBufferPointer(raw), since: watched) }
                return stop
            }
            // A home-screen gesture just ended: let the home source0 act on it (it may bring an app to the
            // foreground) before the next gesture picks its target.
            if stop { return }
        }
    }

    /// Returns true when the drain should pause for the home screen.
    private func handleEventFrame(_ raw: UnsafeMutableRawBufferPointer, connection: Int32) -> Bool {
        let bytes = UnsafeRawBufferPointer(raw)
        if EndMarker.matches(bytes) {
            handleEndMarker(bytes, connection: connection)
            return false
        }
        let view: HIDMessageView
        do { view = try HIDMessageView(validating: bytes) } catch {
            countMalformed(reason: error.reason.rawValue, connection: connection, error)
            return false
        }
        let time = now
        HIDMessageView.stamp(.routerReceived, time, in: raw)
        if sharedClock { counters.latency.record(.sourceToSpringBoard, from: view.timestamp(.hardware), to: time) }
        guard let source = noteSource(view.senderID, sequence: view.sequence, connection: connection, at: time) else {
            dropAtPort(.foreignSender)
            if configuration.verbose { logLimited("event port: sender \(view.senderID) is another connection's") }
            return false
        }
        switch view.kind {
        case .digitizer:
            do { try sources[source].verifier.verify(view) } catch {
                dropAtPort(.invalidStream)
                if configuration.verbose { logLimited("event port: sender \(view.senderID): \(error)") }
                return false
            }
            return routeDigitizer(view, raw, sender: view.senderID)
        case .button:
            counters.buttonEvents &+= 1
            if let button = view.button { handleButton(button, raw, view) }
        case .motion:
            counters.motionEvents &+= 1
            if let app = registry.foreground {
                forward(raw, view, to: app, kind: .other)
            } else {
                dropAtPort(.noTarget)
            }
        }
        return false
    }

    /// Counts a frame from `senderID` and returns its index in `sources` (the busiest sender is kept last,
    /// so the common case is one comparison).
    @inline(__always) private func noteSource(_ senderID: UInt64, sequence: UInt64, connection: Int32, at time: UInt64) -> Int? {
        let index: Int
        if let last = sources.indices.last, sources[last].senderID == senderID {
            index = last
        } else if let found = sources.firstIndex(where: { $0.senderID == senderID }) {
            sources.swapAt(found, sources.count - 1)
            index = sources.count - 1
        } else {
            addSource(SourceState(senderID: senderID))
            index = sources.count - 1
        }
        guard bind(sourceAt: index, to: connection) else { return nil }
        sources[index].lastHeardFrom = time
        sources[index].received &+= 1
        if sequence <= sources[index].lastSequence { counters.sequenceRegressions &+= 1 }
        let missing = sources[index].note(sequence: sequence)
        if missing > 0 {
            counters.sequenceGaps &+= 1
            counters.framesMissing &+= missing
        }
        return index
    }

    /// Appends a new sender, first forgetting the oldest finished run when at the limit, else the oldest
    /// without fingers down: a source with fingers down is never forgotten (its fingers would outlive its
    /// liveness checks). At most 32 fingers are down, so of 64 sources one always qualifies.
    func addSource(_ state: SourceState) {
        if sources.count >= SourceState.limit {
            let forget =
                sources.firstIndex(where: \.isFinished)
                ?? sources.firstIndex { !latch.touches.contains(sender: $0.senderID) } ?? 0
            sources.remove(at: forget)
        }
        sources.append(state)
    }

    private func handleEndMarker(_ bytes: UnsafeRawBufferPointer, connection: Int32) {
        let marker: EndMarker
        do { marker = try EndMarker.decode(bytes) } catch {
            countMalformed(reason: "endMarker", connection: connection, error)
            return
        }
        let index: Int
        if let found = sources.firstIndex(where: { $0.senderID == marker.senderID }) {
            index = found
        } else {
            addSource(SourceState(senderID: marker.senderID))
            index = sources.count - 1
        }
        guard bind(sourceAt: index, to: connection) else {
            // Another connection's marker cannot end (or confirm, or keep alive) this source's run.
            counters.markersRefused &+= 1
            logLimited("event port: an end marker for sender \(marker.senderID) from another connection: refused")
            return
        }
        sources[index].lastHeardFrom = now
        if marker.isKeepAlive {
            counters.keepAlives &+= 1
            return
        }
        counters.endMarkers &+= 1
        sources[index].endReceived = true
        sources[index].endCount = marker.count
        guard marker.isFinal else { return }
        sources[index].isFinished = true
        // The sender is done. Fingers it left down would hold the gesture latch forever: cancel them.
        releaseFingers(ofSourceAt: index)
    }

    private func handleButton(_ button: HIDButtonEvent, _ raw: UnsafeMutableRawBufferPointer, _ view: HIDMessageView) {
        if button.button == .home {
            // iOS: the home button is SpringBoard's; apps never see it. Acting on release, like a tap.
            counters.homeButtonFrames &+= 1
            if !button.isDown {
                counters.homeButtonPresses &+= 1
                goHome(reason: "home button")
            }
            return
        }
        if let app = registry.foreground {
            forward(raw, view, to: app, kind: .other)
        } else {
            dropAtPort(.noTarget)
        }
    }

    /// The gesture latch picks the target at the first finger down; the target keeps the gesture until the last
    /// finger lifts. A swipe up from the bottom edge takes an app's gesture for the system.
    private func routeDigitizer(_ view: HIDMessageView, _ raw: UnsafeMutableRawBufferPointer, sender: UInt64) -> Bool {
        counters.digitizerFrames &+= 1
        latch.beginFrame { registry.foreground.map { GestureTarget.app($0) } ?? .home }
        var isMoveOnly = true
        var swipeUp = false
        for finger in view.fingers {
            let sample = TouchSample(index: finger.transducerIndex, phase: finger.phase, x: finger.x, y: finger.y)
            if sample.phase.contains(.began) || sample.isLifting { isMoveOnly = false }
            latch.apply(sample, sender: sender)
            if !swipeUp, !sample.isLifting, systemGesture.isSwipeUp(startY: latch.startY, y: sample.y) { swipeUp = true }
        }
        var pauseForHome = false
        switch latch.target {
        case .app(let app):
            if swipeUp {
                // The system takes the gesture: the app's live touches are cancelled, the rest is SpringBoard's.
                counters.consumedBySystem &+= 1
                cancelGesture(retargetTo: .system)
                goHome(reason: "swipe up from the bottom edge")
            } else {
                forward(raw, view, to: app, kind: isMoveOnly ? .move : .touchChange)
            }
        case .home:
            // The home screen's frames are few (no app is taking events): decoding them into the model
            // UIKit's fetcher takes costs an allocation that the app path never pays.
            counters.routedToHome &+= 1
            if let message = try? HIDDecoder.decode(UnsafeRawBufferPointer(raw)) { homeScreen.receive(message) }
            pauseForHome = true
        case .system:
            counters.consumedBySystem &+= 1
        case .cancelled:
            dropAtPort(.gestureCancelled)
        case .none:
            dropAtPort(.noTarget)
        }
        latch.endFrame()
        return pauseForHome && latch.isIdle
    }
}
