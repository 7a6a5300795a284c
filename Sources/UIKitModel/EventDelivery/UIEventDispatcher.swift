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
    var converting: [Received] = []

    /// A received HID message and the samples coalesced into it (empty: none; an empty array allocates nothing).
    struct Received {
        var message: HIDMessage
        var coalesced: [HIDMessage]
    }

    /// Called just before and just after each event is sent (`sendEvent` returned), with the number of received
    /// HID messages it stands for (more than 1 when queued moves were coalesced into it): an app host times
    /// every message's dispatch with them.
    public var willDispatch: ((_ messages: Int) -> Void)?
    public var didDispatch: ((_ messages: Int) -> Void)?
    /// UIKit coalesces moves queued behind each other (on by default, as iOS); off, every frame is its own event.
    public var coalescesQueuedMoves = true
    /// Received digitizer frames coalesced into a later event of the same pass (see `handleEventQueue`).
    public internal(set) var framesCoalescedInQueue: UInt64 = 0

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
    func enqueue(_ message: consuming HIDMessage, coalesced: consuming [HIDMessage] = []) {
        pending.append(Received(message: message, coalesced: coalesced))
    }

    /// The source0's perform: converts and sends every queued message, first in, first out. Moves that queued
    /// up behind each other are coalesced first (`foldQueuedMove(at:)`): one event stands for the run.
    func handleEventQueue() {
        while !pending.isEmpty {
            swap(&pending, &converting)
            var index = 0
            while index < converting.count {
                let first = index
                while coalescesQueuedMoves, index + 1 < converting.count,
                    foldQueuedMove(at: index, olderChecked: index > first)
                {
                    index += 1
                }
                let messages = index - first + 1
                framesCoalescedInQueue &+= UInt64(messages - 1)
                willDispatch?(messages)
                dispatch(converting[index].message, coalesced: converting[index].coalesced)
                didDispatch?(messages)
                index += 1
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
