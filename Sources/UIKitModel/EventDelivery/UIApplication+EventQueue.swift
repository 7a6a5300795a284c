extension UIApplication {
    /// UIKit: dequeues events first in, first out and hands each to `sendEvent(_:)`.
    func processEventQueue() {
        while let event = eventQueue.dequeue() {
            sendEvent(event)
        }
    }
}
