/// The gestures `hid-source load` mixes, each built like a digitizer reports it: a down, moves, an up.
enum GestureKind: String, CaseIterable, Codable {
    /// Fingers (`--fingers`) go down together, travel in a straight line, lift together.
    case drag
    /// Fingers (`--fingers`) go down and lift in the next frame, without moving.
    case tap
    /// Two fingers spread apart or close in around a centre.
    case pinch
}
