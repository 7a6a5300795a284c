import HIDEvent

// Foreground changes: home button, swipe up, home-screen icon taps, sbctl, app death.
extension SpringBoard {
    func goHome(reason: String) {
        setForeground(nil, reason: reason)
    }

    /// Makes `app` the foreground app (nil: the home screen). A gesture in progress loses its target: an app
    /// that owned it receives cancel for its live touches, and the rest of the gesture is dropped.
    func setForeground(_ app: AppRecord?, reason: String) {
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
    /// cancelled child for every live finger (IOHIDFamily's cancel: phase cancelled, eventMask
    /// range|touch|cancel).
    func cancelGesture(retargetTo newTarget: GestureTarget) {
        guard !latch.isIdle else { return }
        switch latch.target {
        case .app(let owner):
            if owner.isReachable { sendCancel(to: owner, touches: latch.touches) }
        case .home:
            homeScreen.receive(cancelMessage(for: latch.touches))
        case .system, .cancelled, .none:
            return
        }
        latch.retarget(newTarget)
    }

    /// Sends (or queues behind what waits) a cancel for `touches` to `app`.
    func sendCancel(to app: AppRecord, touches: LiveTouches) {
        let message = cancelMessage(for: touches)
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
        bytes.withUnsafeMutableBytes { forwardCancel($0, to: app) }
    }

    /// One digitizer frame cancelling every finger of `touches`, from SpringBoard's own sender id
    /// (protocols/hid-event.md: a cancelled finger has phase `cancelled` and mask `range|touch|cancel`).
    private func cancelMessage(for touches: LiveTouches) -> HIDMessage {
        let fingers = touches.cancelFingers
        ownSequence &+= 1
        let time = now
        return HIDMessage(
            envelope: HIDEnvelope(
                kind: .digitizer, sequence: ownSequence, senderID: ownSenderID,
                timestamps: HIDHopTimestamps(hardware: time, routerReceived: time)),
            payload: .digitizer(HIDDigitizerFrame(fingers: fingers)))
    }
}
