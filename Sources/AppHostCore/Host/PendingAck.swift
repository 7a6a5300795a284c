/// An event the app has taken from its socket and not yet acknowledged.
struct PendingAck {
    var sequence: UInt64
    var appReceived: UInt64
    /// False when the HID frame did not decode: acknowledged, but never reached UIKit.
    var handled = true
    /// UIKit coalesced it into a later event of the same pass: its touches reached the app as that event's
    /// coalesced touches, with no `sendEvent` of its own (acknowledged with that event's times).
    var coalescedInApp = false
    var dispatchStarted: UInt64 = 0
    var dispatchFinished: UInt64 = 0
    /// The app's own cancel (channel lost): dispatched in order, never acknowledged.
    var isLocal = false
}
