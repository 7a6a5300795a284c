import HIDEvent
import RunLoopKit

/// The source1 side of UIKit's event pipeline (UIKit's `UIEventFetcher`): the app port's callout hands each raw
/// HID message here; the fetcher stamps when the app received it, queues it for the dispatcher and signals the
/// dispatcher's source0. Building touches and events waits for that source0, as in UIKit.
public final class UIEventFetcher {
    /// The application's dispatcher, and its source0 (signalled for every message). Held strongly, as `let`s: a
    /// call through a `let` of the fetcher retains nothing, where one through an `unowned(unsafe)` reference (or
    /// the dispatcher's `var`) retained and released it every message (issue 27). Neither refers back to the
    /// fetcher, so nothing cycles.
    let dispatcher: UIEventDispatcher
    let source: RunLoopSource0
    private let clock: RunLoopClock

    init(dispatcher: UIEventDispatcher) {
        self.dispatcher = dispatcher
        self.source = dispatcher.source
        self.clock = dispatcher.application.runLoop.clock
    }

    /// Receives one HID message (from a source1 callout). Stamps `appReceived` unless a test already did.
    /// `coalesced`: older digitizer samples the router folded into this frame, oldest first; touchesMoved
    /// and recognizers see `message`, and `UIEvent.coalescedTouches(for:)` gives the samples.
    /// `delivery`: the host's token for the message (its delivery sequence), reported back by
    /// `UIEventDispatcher.takeDispatched(into:)` once the message went through `sendEvent`.
    public func receive(_ message: consuming HIDMessage, coalesced: consuming [HIDMessage] = [], delivery: UInt64? = nil) {
        // Consumed, not copied: a frame's message is ~200 bytes and the app takes hundreds of thousands a second.
        if message.envelope.timestamps.appReceived == 0 {
            message.envelope.timestamps.appReceived = clock.now
        }
        dispatcher.enqueue(message, coalesced: coalesced, delivery: delivery)
        // With a display the event waits for the next vsync (FrameClock: UIKit delivers touches at the start of a
        // frame); without one the dispatcher's source0 takes it on this pass.
        let application = unsafeBitCast(dispatcher.application, to: Unmanaged<UIApplication>.self)
        if let display = application._withUnsafeGuaranteedRef({ $0.unretainedDisplay }) {
            display._withUnsafeGuaranteedRef { $0.eventHeld() }
        } else {
            source.signal()
        }
    }

    /// An empty finger array with the storage of a dispatched digitizer frame's, if one is spare, for the host
    /// to decode the next frame into (`HIDMessageView.message(reusingFingers:)`): the dispatcher gives back
    /// each frame's array once the frame went through `sendEvent`, so steady moves allocate none (issue 27).
    public func takeFingerStorage() -> [HIDDigitizerEvent] {
        dispatcher.spareFingers.popLast() ?? []
    }

    /// Makes the source1 for an app port and adds it to the application's run loop in the common modes.
    /// `drain` runs in the callout and passes every message the port has ready to `receive`.
    @discardableResult
    public func addSource(
        port: RunLoopPort, order: Int = UIApplication.RunLoopOrder.eventFetcher,
        drain: @escaping (_ receive: (HIDMessage) -> Void) -> Void
    ) -> RunLoopSource1 {
        let source = RunLoopSource1(port: port, order: order, name: "UIEventFetcher") { [unowned self] in
            drain { self.receive($0) }
        }
        dispatcher.application.runLoop.add(source, mode: .common)
        return source
    }
}
