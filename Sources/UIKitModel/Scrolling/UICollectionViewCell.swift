import Foundation

/// UIKit's `UICollectionViewCell`: one item of a collection view. Like a table cell it does not override the
/// touch methods, so its touches travel up the responder chain to the collection view, which highlights and
/// selects items and sets the cell's `isHighlighted` and `isSelected`
/// (developer.apple.com/documentation/uikit/uicollectionviewcell/ishighlighted, .../isselected).
///
/// UIKit puts a cell's content in its `contentView`, a subview filling it; this model has no content subview,
/// so a touch on a cell is hit-tested to the cell itself (as for `UITableViewCell` here).
open class UICollectionViewCell: UIView {
    /// What the scene's item is called (a title: nothing UIKit shows by itself; `app-host tree` and traces
    /// name cells by class and frame).
    @exclusivity(unchecked)
    var title: String?
    /// UIKit: set by the collection view while the item is highlighted (touch down, until touch up or cancel).
    @exclusivity(unchecked)
    public internal(set) var isHighlighted = false
    /// UIKit: set by the collection view while the item is selected.
    @exclusivity(unchecked)
    public internal(set) var isSelected = false

    /// A cell whose trace and renders show `title`.
    public convenience init(title: String?) {
        self.init(frame: .zero)
        self.title = title
    }
}
