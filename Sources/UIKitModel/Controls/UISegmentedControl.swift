import Foundation

/// UIKit's `UISegmentedControl`: equal-width segments side by side; lifting a touch inside a segment selects
/// it and, if the selection changed, sends valueChanged (iOS 13 and later select on touch up).
public class UISegmentedControl: UIControl {
    /// UIKit's `UISegmentedControl.noSegment`.
    public static let noSegment = -1

    @exclusivity(unchecked)
    var segmentTitles: [String]
    /// UIKit's `selectedSegmentIndex`: the tapped segment, or `noSegment` (-1).
    @exclusivity(unchecked)
    public var selectedSegmentIndex = UISegmentedControl.noSegment
    /// UIKit: a momentary control does not keep the selection after the touch ends.
    @exclusivity(unchecked)
    public var isMomentary = false

    /// A segmented control with one segment per title in `items`, of equal width.
    public init(frame: CGRect = .zero, items: [String]) {
        segmentTitles = items
        super.init(frame: frame)
    }

    public override init(frame: CGRect = .zero) {
        segmentTitles = []
        super.init(frame: frame)
    }

    var numberOfSegments: Int { segmentTitles.count }

    /// The segment under `point` (control coordinates), or nil outside the bounds.
    func segmentIndex(at point: CGPoint) -> Int? {
        guard numberOfSegments > 0, bounds.contains(point) else { return nil }
        let width = bounds.width / CGFloat(numberOfSegments)
        return min(Int((point.x - bounds.minX) / width), numberOfSegments - 1)
    }

    override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        guard let touch, let index = segmentIndex(at: touch.location(in: self)) else { return }
        if index != selectedSegmentIndex {
            selectedSegmentIndex = index
            sendValueChanged(with: event)
        }
        if isMomentary { selectedSegmentIndex = UISegmentedControl.noSegment }
    }

    /// UIKit: a single-finger single tap on a segmented control belongs to it.
    override func defaultActionTakesPrecedence(over recognizer: UIGestureRecognizer) -> Bool {
        recognizer.isSingleFingerSingleTap
    }
}
