/// What SpringBoard tells an app about its place on screen (the `state` message, and `registered`).
public enum AppVisibility: UInt32, Sendable, Codable {
    case foreground = 1
    case background = 2
}
