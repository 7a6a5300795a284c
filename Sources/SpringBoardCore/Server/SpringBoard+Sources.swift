import ControlProtocol

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

    /// On the liveness timer: sources with fingers down and silent past the timeout lose their fingers.
    func checkSources(time: UInt64) {
        let timeout = UInt64(configuration.sourceTimeoutMilliseconds) * 1_000_000
        guard timeout > 0, !latch.isIdle else { return }
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
            timeouts: state.timeouts, cancels: state.cancels)
    }
}
