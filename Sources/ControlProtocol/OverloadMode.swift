/// What springboard does when an app cannot take events as fast as they come (protocols/control.md).
public enum OverloadMode: String, Codable, Sendable, CaseIterable {
    /// Keep reading the event port. Moves of a finger that cannot be sent yet are coalesced into the next
    /// event (their samples travel with it); downs, ups and cancels queue; when the queue bound is reached
    /// with nothing left to coalesce, springboard gives up on the app: it drops what is queued (counted as
    /// `gaveUp`) and sends a cancel for the app's live touches. The input system's default (Android).
    case shed
    /// Stop reading the event port while the app it routes to cannot take the next frame, so ZeroMQ's
    /// high-water marks push back on the source: nothing is coalesced or dropped. For measuring the
    /// highest sustainable rate; an app that stops responding is still given up on.
    case backpressure
}
