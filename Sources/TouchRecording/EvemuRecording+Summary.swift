import Foundation

extension EvemuRecording {
    /// Per session: contacts, duration, travel, sampling rate; spread and rotation for two-finger sessions.
    public func summary(mapping: RecordingMapping) throws -> RecordingSummary {
        let place = try mapping.placement(x: xAxis, y: yAxis)
        var sessions: [RecordingSession] = []
        var allIntervals: [UInt64] = []
        var current: [Frame] = []
        for frame in frames {
            current.append(frame)
            if frame.contacts.allSatisfy(\.change.lifts) {
                sessions.append(Self.session(current, place, intervals: &allIntervals))
                current.removeAll()
            }
        }
        if !current.isEmpty { sessions.append(Self.session(current, place, intervals: &allIntervals)) }
        let frame = place.frame
        return RecordingSummary(
            file: name, duration: Self.seconds(duration), frames: frames.count, contacts: contactCount,
            droppedReports: droppedReports, samplingRate: Self.rate(allIntervals),
            placement: [frame.minX, frame.minY, frame.width, frame.height].map { Double($0) }, sessions: sessions)
    }

    private static func session(
        _ frames: [Frame], _ place: RecordingMapping.Placement, intervals all: inout [UInt64]
    ) -> RecordingSession {
        var last: [UInt32: CGPoint] = [:]
        var travel: [UInt32: Double] = [:]
        var contacts = 0, most = 0
        var spreads: [Double] = []
        var turned = 0.0
        var lastAngle: Double?
        let intervals = zip(frames, frames.dropFirst()).map { $1.time - $0.time }
        all += intervals
        for frame in frames {
            for contact in frame.contacts {
                let point = place.point(x: contact.x, y: contact.y)
                if contact.change.contains(.down) { contacts += 1 }
                if let previous = last[contact.id] { travel[contact.id, default: 0] += distance(previous, point) }
                last[contact.id] = point
            }
            let down = frame.contacts.filter { !$0.change.lifts }
            most = max(most, down.count)
            if down.count == 2 {
                let a = place.point(x: down[0].x, y: down[0].y), b = place.point(x: down[1].x, y: down[1].y)
                spreads.append(distance(a, b))
                let angle = atan2(Double(b.y - a.y), Double(b.x - a.x))
                if let lastAngle {
                    var step = angle - lastAngle
                    if step > .pi { step -= 2 * .pi } else if step <= -.pi { step += 2 * .pi }
                    turned += step
                }
                lastAngle = angle
            } else {
                lastAngle = nil
            }
        }
        let twoFingers = most == 2 && !spreads.isEmpty
        let first = frames.first?.time ?? 0, end = frames.last?.time ?? 0
        return RecordingSession(
            start: seconds(first), duration: seconds(end - first), contacts: contacts, maximumFingers: most,
            travel: rounded(travel.values.max() ?? 0), samplingRate: rate(intervals),
            spread: twoFingers
                ? .init(
                    start: rounded(spreads.first!), end: rounded(spreads.last!), minimum: rounded(spreads.min()!),
                    maximum: rounded(spreads.max()!)) : nil,
            rotation: twoFingers ? rounded(turned * 180 / .pi) : nil)
    }

    private static func distance(_ a: CGPoint, _ b: CGPoint) -> Double {
        Double(((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot())
    }

    /// 1 / the median interval, Hz, to 0.1 Hz; nil without intervals.
    private static func rate(_ intervals: [UInt64]) -> Double? {
        let positive = intervals.filter { $0 > 0 }.sorted()
        guard !positive.isEmpty else { return nil }
        return (10 * 1e9 / Double(positive[positive.count / 2])).rounded() / 10
    }

    private static func seconds(_ ns: UInt64) -> Double { Double(ns / 1_000) / 1e6 }
    private static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}

/// One touch session of a recording: from a first finger down on an empty screen until the glass is empty
/// again. Distances in points (under the mapping inspected with), times in seconds.
public struct RecordingSession: Codable, Equatable, Sendable {
    /// When the first finger came down, from the recording's first event.
    public var start: Double
    /// Seconds from the first finger down to the glass being empty again.
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

    /// Distances between two fingers, points.
    public struct Spread: Codable, Equatable, Sendable {
        /// When the second finger came down.
        public var start: Double
        /// At the last frame both were down.
        public var end: Double
        /// The smallest while both were down.
        public var minimum: Double
        /// The largest while both were down.
        public var maximum: Double

        /// A spread of these four distances.
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
    /// The recording's file name.
    public var file: String
    /// Seconds from the first event to the last.
    public var duration: Double
    /// Frames (`SYN_REPORT`s) that changed a contact.
    public var frames: Int
    /// Touch-downs in the whole file.
    public var contacts: Int
    /// `SYN_DROPPED` reports: places where the kernel lost events while recording.
    public var droppedReports: Int
    /// Median frame rate over the file's sessions, Hz.
    public var samplingRate: Double?
    /// The device rectangle on the screen, points: x, y, width, height.
    public var placement: [Double]
    /// The touch sessions, in order.
    public var sessions: [RecordingSession]
}
