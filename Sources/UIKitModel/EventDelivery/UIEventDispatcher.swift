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

    /// A received HID message, the samples coalesced into it (empty: none; an empty array allocates nothing)
    /// and the host's delivery token for it (nil: the host does not need to hear it was dispatched).
    struct Received {
        var message: HIDMessage
        var coalesced: [HIDMessage]
        var delivery: UInt64?
    }

    /// What became of one received message that carried a delivery token: the host acknowledges from these,
    /// matching its own records by `delivery`, instead of counting along with this queue.
    public struct Dispatched: Equatable, Sendable {
        /// The token given to `UIEventFetcher.receive(_:coalesced:delivery:)`.
        public var delivery: UInt64
        /// Run-loop clock times just before `sendEvent` and just after it returned for the event that carried
        /// this message.
        public var started: UInt64
        public var finished: UInt64
        /// Folded into a later queued move of the same pass: its touches reached the app as that event's
        /// coalesced touches, with no `sendEvent` of its own (so it has that event's times).
        public var coalesced: Bool
    }

    /// Dispatched messages with a delivery token, oldest first, until the host takes them
    /// (`takeDispatched(into:)`). Messages without a token are not recorded, so a headless run keeps nothing.
    private var dispatched: [Dispatched] = []
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
        self.source = RunLoopSource0(order: UIApplication.RunLoopOrder.eventQueue, name: "__handleEventQueue") {
            [unowned self] in self.handleEventQueue()
        }
        application.runLoop.add(source, mode: .common)
    }

    /// Queues a message for the next pass of the source0 (the fetcher signals the source).
    func enqueue(_ message: consuming HIDMessage, coalesced: consuming [HIDMessage] = [], delivery: UInt64? = nil) {
        pending.append(Received(message: message, coalesced: coalesced, delivery: delivery))
    }

    /// Hands over what was dispatched since the last call, oldest first, and keeps `buffer`'s old storage for the
    /// next turn (two buffers swapped, so steady traffic does not allocate).
    public func takeDispatched(into buffer: inout [Dispatched]) {
        buffer.removeAll(keepingCapacity: true)
        swap(&buffer, &dispatched)
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
                framesCoalescedInQueue &+= UInt64(index - first)
                let reports = converting[first...index].contains { $0.delivery != nil }
                let started = reports ? application.runLoop.clock.now : 0
                dispatch(converting[index].message, coalesced: converting[index].coalesced)
                if reports { record(converting[first...index], started: started, finished: application.runLoop.clock.now) }
                index += 1
            }
            converting.removeAll(keepingCapacity: true)
        }
    }

    /// Records the messages one event stood for: all but the last were coalesced into it.
    private func record(_ messages: ArraySlice<Received>, started: UInt64, finished: UInt64) {
        for position in messages.indices {
            guard let delivery = messages[position].delivery else { continue }
            dispatched.append(
                Dispatched(
                    delivery: delivery, started: started, finished: finished, coalesced: position < messages.endIndex - 1))
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
