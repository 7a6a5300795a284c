/// An event the app has taken from its socket and not yet acknowledged.
struct PendingAck {
    var sequence: UInt64
    var appReceived: UInt64
    /// False when the HID frame did not decode: acknowledged, but never reached UIKit.
    var handled = true
    var dispatchStarted: UInt64 = 0
    var dispatchFinished: UInt64 = 0
    /// The app's own cancel (channel lost): dispatched in order, never acknowledged.
    var isLocal = false
}
