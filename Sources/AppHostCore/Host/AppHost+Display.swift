import AppChannel
import UIKitModel

// The app's display (FrameClock) in the live app: acks after each frame's dispatch, and a `frames` message to
// springboard at the present of every frame that reflects at least one event (protocols/app-channel.md, `frames`).
extension AppHost {
    func installDisplay() {
        application.configureDisplay(
            refreshHz: configuration.refreshHz, renderDelayFrames: configuration.renderDelayFrames,
            immediate: configuration.immediateDispatch, defaultRefreshHz: configuration.defaultRefreshHz)
        guard let display = application.display else { return }
        display.onDispatched = { [unowned self] in frameDispatched() }
        display.onPresent = { [unowned self] frame, missed in framePresented(frame, missed: missed) }
        if let timeline {
            display.onMark = { [unowned timeline] what, frame, time in timeline.display(what, frame: frame, at: time) }
        }
    }

    /// A frame dispatched its events: the last delivery sequence it shows is the newest one UIKit got (events
    /// that could not be decoded, acknowledged unhandled, are covered by the range too), and its acks go now.
    private func frameDispatched() {
        ackSource.signal()
        guard let frame = application.display?.currentFrameNumber, let lastToken = application.display?.currentLastDelivery
        else { return }
        if let last = pending.last(where: { $0.handled && $0.token <= lastToken }) {
            frameLastSequence[frame] = last.sequence
        }
    }

    /// At the vsync that presents `frame`: one `frames` message (several for more than 4096 sequences).
    private func framePresented(_ frame: FrameClock.Frame, missed: UInt64) {
        guard let last = frameLastSequence.removeValue(forKey: frame.number) else { return }
        guard last > lastShownSequence else { return }
        var first = lastShownSequence &+ 1
        lastShownSequence = last
        guard !framesStopped, session != 0 else { return }
        while first <= last {
            let count = UInt32(min(UInt64(FramesMessage.maxCount), last - first + 1))
            let message = FramesMessage(
                frame: frame.number, vsync: frame.vsync, committed: frame.committed, presented: frame.presented,
                firstSequence: first, count: count, missed: UInt32(clamping: missed),
                refreshHz: application.display?.refreshHz ?? 60)
            sendOrLog(message.encoded(), what: "frames")
            framesSent &+= 1
            first &+= UInt64(count)
        }
    }

    /// An older springboard's answer to `frames`: "unknown app-channel message type 14" (or this one's, until
    /// its side reads them).
    static func refusesFrames(_ text: String) -> Bool {
        text.contains("message type 14") || text.hasPrefix("frames:")
    }

    /// The session springboard gave (0 before `registered`).
    package var sessionForTests: UInt64 { session }

    /// The exit summary's display part (empty without a display).
    var displaySummary: String {
        guard let display = application.display else { return "" }
        return ", display \(display.refreshHz) Hz: frames presented \(display.framesPresented), missed "
            + "\(display.framesMissed), frames sent \(framesSent), frames refused \(framesRefused)"
    }
}
