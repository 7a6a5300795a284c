/// What springboard does when an app cannot take events as fast as they come (protocols/control.md).
public enum OverloadMode: String, Codable, Sendable, CaseIterable {
    /// Keep reading the event port. Moves of a finger that cannot be sent yet are coalesced into the next
    /// event (their samples travel with it); downs, ups and cancels queue; a queue full of what cannot be
    /// coalesced holds the event port until it is down to half. The input system's default (Android).
    case shed
    /// Stop reading the event port while the app it routes to has a short queue, so ZeroMQ's high-water
    /// marks push back on the source: nothing is coalesced. For measuring the highest sustainable rate.
    /// In both policies an app that stops responding is given up on (its queue dropped, its touches
    /// cancelled).
    case backpressure
}
