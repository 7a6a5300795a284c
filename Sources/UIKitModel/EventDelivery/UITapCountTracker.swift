import Foundation

/// UIKit's multi-tap counting: a finger that touches down within `maximumInterval` of a previous touch's end,
/// within `maximumDistance` of where it ended, continues that touch's count (`tapCount` 2, 3, ...);
/// anything later or farther starts again at 1.
struct UITapCountTracker {
    /// 0.35 s: UIKit's multi-tap interval.
    static let maximumInterval: UInt64 = 350_000_000
    /// About 45 points: UIKit's multi-tap radius.
    static let maximumDistance: CGFloat = 45

    private struct Ended {
        var time: UInt64
        var location: CGPoint
        var tapCount: Int
    }

    /// Recent ends, oldest first; short because entries older than the interval are dropped.
    private var recent: [Ended] = []

    init() {}

    /// The tap count for a finger landing at `location` (screen points) at `time` (ns). The previous touch it
    /// continues is used up, so two fingers cannot both continue the same tap.
    package mutating func tapCount(forTouchDownAt location: CGPoint, time: UInt64) -> Int {
        prune(before: time)
        var index = recent.count
        while index > 0 {
            index -= 1
            let end = recent[index]
            let dx = end.location.x - location.x, dy = end.location.y - location.y
            if (dx * dx + dy * dy).squareRoot() <= Self.maximumDistance {
                recent.remove(at: index)
                return end.tapCount + 1
            }
        }
        return 1
    }

    /// Remembers a touch that ended (not cancelled) so a quick next touch nearby continues its count.
    mutating func recordEnd(at location: CGPoint, time: UInt64, tapCount: Int) {
        prune(before: time)
        recent.append(Ended(time: time, location: location, tapCount: tapCount))
    }

    private mutating func prune(before time: UInt64) {
        recent.removeAll { time > $0.time && time - $0.time > Self.maximumInterval }
    }
}
