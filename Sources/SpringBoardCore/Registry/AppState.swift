/// An app's state as SpringBoard sees it (`sbctl apps`).
package enum AppState: String, Sendable, CaseIterable {
    /// Its connection probe arrived (the routing identity is known) but it has not registered yet.
    case launching
    case foreground
    case background
    /// Connected, but an event stayed unacknowledged past the ack timeout or its heartbeats stopped
    /// (Android: ANR). It keeps its place; it recovers when it acknowledges again.
    case notResponding
    /// Its connection is gone (disconnect seen and a mandatory send failed), or it said goodbye.
    case dead
}
