/// An event the app has taken from its socket and not yet acknowledged.
struct PendingAck {
    var sequence: UInt64
    var appReceived: UInt64
    var dispatchStarted: UInt64 = 0
}
