/// The `error.code` strings of a failed control reply.
public enum ControlErrorCode: String, Codable, Sendable {
    /// The request is not a JSON object, or a field has the wrong type.
    case malformedRequest
    /// `command` names nothing SpringBoard knows.
    case unknownCommand
    /// A field the command needs is absent.
    case missingField
    /// No app with that bundle id has ever registered.
    case unknownBundleID
    /// The app is registered but cannot be brought to the foreground (dead or still launching).
    case appUnavailable
    /// Client side only (never sent by SpringBoard): no reply came in time (`sbctl --json`, exit status 2).
    case noReply
    /// `cancelSource` for a sender springboard has read nothing from (or has forgotten).
    case unknownSource
    /// The request came with a CURVE key whose role does not allow it (a source key asking more than `source`).
    case notAuthorized
    /// `view`: the foreground app has no view with that id.
    case unknownView
}
