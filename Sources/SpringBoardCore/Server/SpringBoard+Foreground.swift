import AppChannel
import HIDEvent

// Foreground changes: home button, swipe up, home-screen icon taps, sbctl, app death.
extension SpringBoard {
    public func goHome(reason: String) {
        setForeground(nil, reason: reason)
    }

    /// Makes `app` the foreground app (nil: the home screen). A gesture in progress loses its target: an app
    /// that owned it receives cancel for its live touches, and the rest of the gesture is dropped.
    public func setForeground(_ app: AppRecord?, reason: String) {
        let previous = registry.foreground
        guard previous !== app else { return }
        cancelGesture(retargetTo: .cancelled)
        registry.setForeground(app)
        counters.foregroundChanges &+= 1
        if let previous, previous.isReachable { sendState(.background, to: previous) }
        if let app, app.isReachable { sendState(.foreground, to: app) }
        if configuration.verbose {
            logger.info("foreground: \(previous?.bundleID ?? "home") -> \(app?.bundleID ?? "home") (\(reason))")
        }
    }

    /// Takes the gesture in progress away from its target. An app target gets one digitizer frame with a
    /// cancelled child for every live finger (IOHIDFamily's cancel: phase cancelled, eventMask cancel).
    func cancelGesture(retargetTo newTarget: GestureTarget) {
        guard !latch.isIdle else { return }
        switch latch.target {
        case .app(let owner):
            if owner.isReachable { sendCancel(to: owner) }
        case .home:
            homeScreen.receive(cancelMessage())
        case .system, .cancelled, .none:
            return
        }
        latch.retarget(newTarget)
    }

    private func sendCancel(to app: AppRecord) {
        let message = cancelMessage()
        var bytes = cancelBytes
        cancelBytes = []
        defer { cancelBytes = bytes }
        bytes.removeAll(keepingCapacity: true)
        do { try HIDEncoder.append(message, to: &bytes) } catch {
            logger.error("cancel for \(app.bundleID) not encodable: \(error)")
            return
        }
        counters.cancelsSynthesized &+= 1
        app.counters.cancelsSent &+= 1
        bytes.withUnsafeMutableBytes { forwardCopy($0, to: app, synthesized: true, isMoveOnly: false) }
    }

    /// One digitizer frame cancelling every live finger, from SpringBoard's own sender id.
    private func cancelMessage() -> HIDMessage {
        var fingers: [HIDDigitizerEvent] = []
        fingers.reserveCapacity(latch.touches.count)
        for i in 0..<latch.touches.count {
            let touch = latch.touches[i]
            fingers.append(HIDDigitizerEvent(
                options: [.absolute], phase: .cancelled, depth: 1, transducerIndex: touch.index, transducerType: .finger,
                eventMask: [.cancel], x: touch.x, y: touch.y))
        }
        ownSequence &+= 1
        let time = now
        return HIDMessage(
            envelope: HIDEnvelope(kind: .digitizer, sequence: ownSequence, senderID: ownSenderID,
                                  timestamps: HIDHopTimestamps(hardware: time, routerReceived: time)),
            payload: .digitizer(HIDDigitizerFrame(fingers: fingers)))
    }
}
