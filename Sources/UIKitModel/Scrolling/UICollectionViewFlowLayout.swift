import Foundation

/// UIKit's `UICollectionViewFlowLayout`, vertical scrolling: items of `itemSize` fill lines left to right,
/// lines go top to bottom, `minimumInteritemSpacing` apart within a line and `minimumLineSpacing` between
/// lines; each section starts on a new line right below the previous one (sections are separated by their
/// insets in UIKit, zero by default) (developer.apple.com/documentation/uikit/uicollectionviewflowlayout).
///
/// A line holds as many items as fit the collection view's width. UIKit spreads a full line's leftover width
/// evenly between its items (so the spacing may exceed the minimum); this model keeps exactly the minimum,
/// left-aligned. The two agree whenever the items fill the width, which is what a scene's `columns:` sizes
/// them to. No section insets, headers or footers, no horizontal scrolling.
public class UICollectionViewFlowLayout {
    /// UIKit defaults: 50 x 50 items, 10 points between items and between lines.
    @exclusivity(unchecked)
    public var itemSize = CGSize(width: 50, height: 50)
    /// UIKit's `minimumInteritemSpacing`: points between items of a row (10).
    @exclusivity(unchecked)
    public var minimumInteritemSpacing: CGFloat = 10
    /// UIKit's `minimumLineSpacing`: points between rows (10).
    @exclusivity(unchecked)
    public var minimumLineSpacing: CGFloat = 10

    /// UIKit's defaults: 50×50-point items, 10 points apart.
    public init() {}

    /// Items per line in a collection view `width` points wide (at least one).
    func itemsPerLine(width: CGFloat) -> Int {
        let pitch = itemSize.width + minimumInteritemSpacing
        guard pitch > 0 else { return 1 }
        return max(1, Int(((width + minimumInteritemSpacing) / pitch).rounded(.down)))
    }

    /// The frames of every item (content coordinates), by section then item, and the content size.
    func layout(itemCounts: [Int], width: CGFloat) -> (frames: [[CGRect]], contentSize: CGSize) {
        let perLine = itemsPerLine(width: width)
        var top: CGFloat = 0
        var frames: [[CGRect]] = []
        for count in itemCounts {
            var items: [CGRect] = []
            for item in 0..<count {
                let line = CGFloat(item / perLine), column = CGFloat(item % perLine)
                items.append(
                    CGRect(
                        x: column * (itemSize.width + minimumInteritemSpacing),
                        y: top + line * (itemSize.height + minimumLineSpacing),
                        width: itemSize.width, height: itemSize.height))
            }
            if let last = items.last { top = last.maxY }
            frames.append(items)
        }
        return (frames, CGSize(width: width, height: top))
    }
}
