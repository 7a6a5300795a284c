/// One touch session of a recording: from a first finger down on an empty screen until the glass is empty
/// again. Distances in points (under the mapping inspected with), times in seconds.
public struct RecordingSession: Codable, Equatable, Sendable {
    /// When the first finger came down, from the recording's first event.
    public var start: Double
    public var duration: Double
    /// Touch-downs in the session.
    public var contacts: Int
    /// Most fingers on the glass at once.
    public var maximumFingers: Int
    /// The longest path any one contact drew.
    public var travel: Double
    /// Median frame rate while fingers are down (1 / median interval between frames), Hz; nil with one frame.
    public var samplingRate: Double?
    /// For a session with exactly two fingers at most: their distance when the second came down, at the
    /// last frame both were down, and its extremes.
    public var spread: Spread?
    /// For a two-finger session: how far the line between the fingers turned, degrees, clockwise positive.
    public var rotation: Double?

    public struct Spread: Codable, Equatable, Sendable {
        public var start: Double
        public var end: Double
        public var minimum: Double
        public var maximum: Double

        public init(start: Double, end: Double, minimum: Double, maximum: Double) {
            self.start = start
            self.end = end
            self.minimum = minimum
            self.maximum = maximum
        }
    }
}

/// What `hid-source inspect` reports for a file.
public struct RecordingSummary: Codable, Equatable, Sendable {
    public var file: String
    public var duration: Double
    public var frames: Int
    public var contacts: Int
    public var droppedReports: Int
    /// Median frame rate over the file's sessions, Hz.
    public var samplingRate: Double?
    /// The device rectangle on the screen, points: x, y, width, height.
    public var placement: [Double]
    public var sessions: [RecordingSession]
}
