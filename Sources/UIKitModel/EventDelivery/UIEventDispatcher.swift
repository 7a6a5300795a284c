import Foundation
import HIDEvent
import RunLoopKit

/// The source0 side of UIKit's event pipeline (UIKit's `__handleEventQueue`): turns queued HID messages into
/// UITouches inside UIEvents, appends each event to UIApplication's queue and lets the application send it.
///
/// Each HID message is taken all the way to `sendEvent(_:)` before the next is converted: a touches event is
/// one object updated in place for the whole sequence, so the state `sendEvent` sees must be this frame's.
public final class UIEventDispatcher {
    unowned let application: UIApplication
    /// The source0 the fetcher signals; added to the application's run loop in the common modes.
    private(set) var source: RunLoopSource0!

    /// HID messages received by the fetcher and not yet converted (swapped out on each pass, so steady traffic
    /// reuses the same two buffers).
    private var pending: [Received] = []
    private var converting: [Received] = []

    /// A received HID message and the samples coalesced into it (empty: none; an empty array allocates nothing).
    struct Received {
        var message: HIDMessage
        var coalesced: [HIDMessage]
    }

    /// Called just before and just after each received HID message is turned into an event and sent
    /// (`sendEvent` returned): an app host times every event's dispatch with them.
    public var willDispatch: (() -> Void)?
    public var didDispatch: (() -> Void)?

    /// The event of the touch sequence in progress (nil between sequences).
    package internal(set) var touchesEvent: UIEvent?
    var touchesByTransducer: [UInt32: UITouch] = [:]
    var tapCounter = UITapCountTracker()
    var touchSequenceCounter: UInt64 = 0

    var pressesEvent: UIPressesEvent?
    var pressesByType: [UIPress.PressType: UIPress] = [:]
    var motionEvent: UIEvent?

    init(application: UIApplication) {
        self.application = application
        self.source = RunLoopSource0(order: -1, name: "__handleEventQueue") { [unowned self] in self.handleEventQueue() }
        application.runLoop.add(source, mode: .common)
    }

    /// Queues a message for the next pass of the source0 (the fetcher signals the source).
    func enqueue(_ message: HIDMessage, coalesced: [HIDMessage] = []) {
        pending.append(Received(message: message, coalesced: coalesced))
    }

    /// The source0's perform: converts and sends every queued message, first in, first out.
    func handleEventQueue() {
        while !pending.isEmpty {
            swap(&pending, &converting)
            for received in converting {
                willDispatch?()
                dispatch(received.message, coalesced: received.coalesced)
                didDispatch?()
            }
            converting.removeAll(keepingCapacity: true)
        }
    }

    /// Converts one HID message and sends the resulting event through the application's queue.
    func dispatch(_ message: HIDMessage, coalesced: [HIDMessage] = []) {
        let time = message.envelope.timestamps.hardware
        application.trace.currentHIDEvent = message.envelope.sequence
        defer { application.trace.currentHIDEvent = nil }
        switch message.payload {
        case .digitizer(let frame): dispatchDigitizer(frame, hardwareTime: time, coalesced: coalesced)
        case .button(let button): dispatchButton(button, hardwareTime: time)
        case .motion(let motion): dispatchMotion(motion, hardwareTime: time)
        }
    }

    /// Appends `event` to the application's FIFO queue and lets the application drain it.
    func post(_ event: UIEvent) {
        application.eventQueue.enqueue(event)
        application.processEventQueue()
    }

    static func seconds(_ ns: UInt64) -> TimeInterval { TimeInterval(ns) / 1_000_000_000 }
}
