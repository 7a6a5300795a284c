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
