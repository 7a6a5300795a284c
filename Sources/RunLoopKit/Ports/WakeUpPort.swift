/// The loop's wake-up port (CF `_wakeUpPort`; an eventfd, as in CoreFoundation on Linux). It is in
/// every wait, so writing it from any thread ends the loop's sleep; the loop drains it on waking.
final class WakeUpPort: Sendable {
    private let eventFD: EventFD

    /// CF halts when it cannot create the wake-up port (`__CFRunLoopCreate`): a loop that cannot be
    /// woken is unusable, and this only fails when the process is out of descriptors.
    init() {
        do {
            eventFD = try EventFD.open()
        } catch {
            fatalError("EventRunLoop cannot create its wake-up port: \(error)")
        }
    }

    deinit {
        eventFD.close()
    }

    var descriptor: Int32 { eventFD.descriptor }

    /// Any thread.
    func signal() {
        eventFD.signal()
    }

    func drain() {
        eventFD.drain()
    }
}
