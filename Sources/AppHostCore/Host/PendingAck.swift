/// An event the app has taken from its socket and not yet acknowledged.
/// Its dispatch times come from UIKit's report (`UIEventDispatcher.takeDispatched(into:)`), found by `token`.
struct PendingAck {
    /// The delivery token UIKit got with the event (0: it never reached UIKit).
    var token: UInt64
    var sequence: UInt64
    var appReceived: UInt64
    /// False when the HID frame did not decode: acknowledged, but never reached UIKit.
    var handled = true
}
