import AppChannel
import HIDEvent
import RunLoopKit
import ZeroMQ

// The channel to springboard lost or re-established: touches the app has down will never get their end from
// the old session (a restarted springboard knows nothing of them), so the app cancels them itself. UIKit does
// the same when its connection to the event system resets: every live touch gets touchesCancelled and every
// recognizer tracking one is cancelled, so a later one-finger drag is not merged with a ghost finger.
extension AppHost {
    /// Follows the fingers down in the stream as received (the newest position of each).
    func noteReceived(_ view: HIDMessageView) {
        guard view.kind == .digitizer else { return }
        for finger in view.fingers where finger.phase != .mayBegin {  // in range only: no touch to cancel
            liveTouches.apply(TouchSample(index: finger.transducerIndex, phase: finger.phase, x: finger.x, y: finger.y))
        }
    }

    /// The channel monitor's source1: a disconnect from springboard (it died or restarted).
    func drainChannelMonitor() {
        while let event = try? ZMQMonitorEvent.receive(from: channelMonitor, dontWait: true) {
            if event.event.contains(.disconnected) { cancelLiveTouches(reason: "the channel to springboard was lost") }
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
