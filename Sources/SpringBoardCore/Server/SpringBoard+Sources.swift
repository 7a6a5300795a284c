import ControlProtocol
import ZeroMQ

// Source liveness: a hid-source that dies or stalls with fingers down would hold the gesture latch (and so the
// whole screen) forever. A source silent for longer than the source timeout while it has fingers down loses
// them: the gesture they belong to is cancelled, as after its final end marker. hid-source sends keep-alive
// markers while it holds fingers down without sending frames (a long press), so scripts never trip it.
extension SpringBoard {
    /// Cancels the gesture the source's fingers belong to (its app gets cancel), forgets them, and resets the
    /// source's stream verifier: frames that still come from it start a new stream.
    func releaseFingers(ofSourceAt index: Int) {
        let sender = sources[index].senderID
        sources[index].verifier.reset()
        guard latch.touches.contains(sender: sender) else { return }
        cancelGesture(retargetTo: .cancelled)
        latch.removeTouches(of: sender)
    }

    /// True when the frame's connection may speak for the source: the one it is bound to, or any while it is
    /// bound to none (first frame, or its connection closed), which then binds it.
    @inline(__always) func bind(sourceAt index: Int, to connection: Int32) -> Bool {
        let bound = sources[index].connection
        if bound == connection || connection < 0 { return true }
        guard bound < 0 else { return false }
        sources[index].connection = connection
        sources[index].disconnectedAt = 0
        return true
    }

    /// The event port's monitor: a source's connection closed (it died, or finished). Its fingers are cancelled
    /// on the next liveness tick (its last frames, already in the socket's queue, are read first).
    func drainEventMonitor() {
        while let event = try? ZMQMonitorEvent.receive(from: eventMonitor, dontWait: true) {
            guard event.event.contains(.disconnected) else { continue }
            for index in sources.indices where sources[index].connection == event.value {
                sources[index].connection = -1
                sources[index].disconnectedAt = now
            }
        }
    }

    /// On the liveness timer: sources with fingers down whose connection closed, or silent past the timeout,
    /// lose their fingers.
    func checkSources(time: UInt64) {
        guard !latch.isIdle else { return }
        for index in sources.indices
        where sources[index].disconnectedAt != 0 && time &- sources[index].disconnectedAt > 50_000_000 {
            sources[index].disconnectedAt = 0
            guard latch.touches.contains(sender: sources[index].senderID) else { continue }
            sources[index].disconnects &+= 1
            counters.sourceDisconnects &+= 1
            logger.warning("source \(sources[index].senderID) disconnected with fingers down: cancelled")
            releaseFingers(ofSourceAt: index)
        }
        let timeout = UInt64(configuration.sourceTimeoutMilliseconds) * 1_000_000
        guard timeout > 0 else { return }
        for index in sources.indices where time &- sources[index].lastHeardFrom > timeout {
            guard latch.touches.contains(sender: sources[index].senderID) else { continue }
            sources[index].timeouts &+= 1
            counters.sourceTimeouts &+= 1
            logger.warning(
                "source \(sources[index].senderID) silent for \((time &- sources[index].lastHeardFrom) / 1_000_000) ms with fingers down: cancelled"
            )
            releaseFingers(ofSourceAt: index)
        }
    }

    /// `cancelSource`: what the timeout does, now. False when springboard does not know the source.
    func cancelSource(_ senderID: UInt64) -> Bool {
        guard let index = sources.firstIndex(where: { $0.senderID == senderID }) else { return false }
        sources[index].cancels &+= 1
        counters.sourcesCancelled &+= 1
        logger.info("source \(senderID) cancelled by hand")
        releaseFingers(ofSourceAt: index)
        return true
    }

    func sourceInfo(_ state: SourceState) -> SourceInfo {
        var fingers = 0
        for i in 0..<latch.touches.count where latch.touches[i].sender == state.senderID { fingers += 1 }
        return SourceInfo(
            senderID: state.senderID, received: state.received, endReceived: state.endReceived, endCount: state.endCount,
            lastSequence: state.lastSequence, sequenceGaps: state.sequenceGaps, framesMissing: state.framesMissing,
            fingersDown: fingers, idleMilliseconds: state.lastHeardFrom == 0 ? 0 : (now &- state.lastHeardFrom) / 1_000_000,
            timeouts: state.timeouts, cancels: state.cancels, disconnects: state.disconnects)
    }
}
