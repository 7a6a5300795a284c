import Foundation

/// UIKit's `UICollectionView` with a flow layout: its data source's items laid out as cells in a scroll view.
/// Being a `UIScrollView`, it withholds its cells' touches for 0.15 s (`delaysContentTouches`) and its drag
/// cancels them, exactly as for `UITableView` (event-delivery.md section 7).
///
/// Highlighting and selection follow the Collection View Programming Guide's "Managing the Visual State for
/// Selections and Highlights" (touch down: `shouldHighlightItemAt`, then `isHighlighted` and
/// `didHighlightItemAt`; touch up: `didUnhighlightItemAt`, `shouldSelectItemAt`, the previous item
/// deselected (`didDeselectItemAt`), then `isSelected` and `didSelectItemAt`) and the delegate's pages
/// (developer.apple.com/documentation/uikit/uicollectionviewdelegate): returning false from
/// `shouldHighlightItemAt` "bypasses the entire selection process"; a touch that is cancelled, or leaves
/// the item, unhighlights it and selects nothing. "Touch down" is when the cell's touchesBegan reaches the
/// collection view, i.e. after the content delay; "touch up" its touchesEnded.
///
/// Every item gets a cell at `reloadData()` (no reuse queue: scene collections are small), so an item's cell
/// is always a subview and hit-testing finds it wherever the content is scrolled. Single selection only
/// (`allowsMultipleSelection` false, UIKit's default).
open class UICollectionView: UIScrollView {
    /// The layout: item size and spacing, a vertical flow.
    public let collectionViewLayout: UICollectionViewFlowLayout

    /// UIKit's `dataSource`: how many items each section has, and their cells (weak, as in UIKit).
    @exclusivity(unchecked)
    public weak var dataSource: UICollectionViewDataSource? {
        didSet { reloadData() }
    }

    /// The delegate: `UIScrollView.delegate` seen as a `UICollectionViewDelegate` (UIKit redeclares it).
    var collectionDelegate: UICollectionViewDelegate? { delegate as? UICollectionViewDelegate }

    /// Cells by section, then item.
    @exclusivity(unchecked)
    private(set) var cells: [[UICollectionViewCell]] = []
    @exclusivity(unchecked)
    package private(set) var indexPathsForSelectedItems: [IndexPath] = []
    /// The highlighted item the tracked touch came down on (UIKit's pending selection).
    @exclusivity(unchecked)
    private(set) var highlightedIndexPath: IndexPath?
    @exclusivity(unchecked)
    private(set) weak var highlightTouch: UITouch?

    /// A collection view laid out by `layout`, with no data source yet.
    public init(frame: CGRect = .zero, collectionViewLayout layout: UICollectionViewFlowLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
    }

    // MARK: Items

    /// Rebuilds every cell from the data source, places them with the layout at the current width and sizes
    /// the content to them.
    public func reloadData() {
        for section in cells { for cell in section { cell.removeFromSuperview() } }
        cells = []
        highlightedIndexPath = nil
        highlightTouch = nil
        indexPathsForSelectedItems = []
        guard let dataSource else {
            contentSize = CGSize(width: bounds.width, height: 0)
            return
        }
        let sections = max(dataSource.numberOfSections(in: self), 0)
        let counts = (0..<sections).map { max(dataSource.collectionView(self, numberOfItemsInSection: $0), 0) }
        let (frames, size) = collectionViewLayout.layout(itemCounts: counts, width: bounds.width)
        for (section, count) in counts.enumerated() {
            var items: [UICollectionViewCell] = []
            for item in 0..<count {
                let cell = dataSource.collectionView(self, cellForItemAt: IndexPath(item: item, section: section))
                cell.frame = frames[section][item]
                addSubview(cell)
                items.append(cell)
            }
            cells.append(items)
        }
        contentSize = size
    }

    /// UIKit's `numberOfSections`, from the data source.
    public var numberOfSections: Int { cells.count }

    /// UIKit's `numberOfItems(inSection:)`, from the data source.
    public func numberOfItems(inSection section: Int) -> Int {
        cells.indices.contains(section) ? cells[section].count : 0
    }

    /// UIKit's `cellForItem(at:)`: the cell at `indexPath`, or nil outside the data.
    public func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        guard cells.indices.contains(indexPath.section), cells[indexPath.section].indices.contains(indexPath.item) else {
            return nil
        }
        return cells[indexPath.section][indexPath.item]
    }

    /// UIKit's `indexPath(for:)`: where a visible cell is; nil for a cell not in this collection view.
    public func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        for (section, items) in cells.enumerated() {
            if let item = items.firstIndex(where: { $0 === cell }) { return IndexPath(item: item, section: section) }
        }
        return nil
    }

    /// UIKit's `indexPathForItem(at:)`: the item whose cell contains `point` (content coordinates: the
    /// collection view's own space, offset included); nil between items.
    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        for (section, items) in cells.enumerated() {
            if let item = items.firstIndex(where: { $0.frame.contains(point) }) { return IndexPath(item: item, section: section) }
        }
        return nil
    }

    // MARK: Selection (UIKit: programmatic selection does not tell the delegate)

    /// UIKit's `selectItem(at:animated:scrollPosition:)`: selects in code, without asking or telling the delegate.
    public func selectItem(at indexPath: IndexPath?, animated: Bool) {
        for selected in indexPathsForSelectedItems where selected != indexPath {
            deselectItem(at: selected, animated: animated)
        }
        guard let indexPath, let cell = cellForItem(at: indexPath) else { return }
        cell.isSelected = true
        if !indexPathsForSelectedItems.contains(indexPath) { indexPathsForSelectedItems.append(indexPath) }
    }

    /// UIKit's `deselectItem(at:animated:)`: deselects in code, without telling the delegate.
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        guard let index = indexPathsForSelectedItems.firstIndex(of: indexPath) else { return }
        indexPathsForSelectedItems.remove(at: index)
        cellForItem(at: indexPath)?.isSelected = false
    }

    // MARK: Touches (UIKit: the collection view handles its items' touches and does not pass them on)

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if runsSuper(.touchesBegan) { highlightItem(for: touches) }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if runsSuper(.touchesMoved) { followHighlightedTouch(touches) }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if runsSuper(.touchesEnded) { selectHighlightedItem(for: touches) }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if runsSuper(.touchesCancelled) { unhighlight(for: touches) }
    }
}

// MARK: - Highlighting and selection

extension UICollectionView {
    /// The highlighted item and its touch, if that touch is among `touches`.
    private func highlight(in touches: Set<UITouch>) -> (IndexPath, UITouch)? {
        guard let indexPath = highlightedIndexPath, let touch = highlightTouch, touches.contains(touch) else { return nil }
        return (indexPath, touch)
    }

    /// Touch down: the item under the touch highlights if the delegate agrees (false: no selection either).
    func highlightItem(for touches: Set<UITouch>) {
        guard highlightedIndexPath == nil || highlightTouch == nil, let touch = touches.first,
            let indexPath = indexPathForItem(at: touch.location(in: self))
        else { return }
        guard collectionDelegate?.collectionView(self, shouldHighlightItemAt: indexPath) ?? true else { return }
        highlightedIndexPath = indexPath
        highlightTouch = touch
        cellForItem(at: indexPath)?.isHighlighted = true
        collectionDelegate?.collectionView(self, didHighlightItemAt: indexPath)
    }

    /// A touch that leaves its item no longer selects it.
    func followHighlightedTouch(_ touches: Set<UITouch>) {
        guard let (indexPath, touch) = highlight(in: touches) else { return }
        if indexPathForItem(at: touch.location(in: self)) != indexPath { endHighlight() }
    }

    /// Touch up on the highlighted item: unhighlight, `shouldSelectItemAt`, the previously selected item
    /// deselected, the item selected (`didSelectItemAt`).
    func selectHighlightedItem(for touches: Set<UITouch>) {
        guard let (indexPath, touch) = highlight(in: touches) else { return }
        let endsOnItem = indexPathForItem(at: touch.location(in: self)) == indexPath
        endHighlight()
        guard endsOnItem, collectionDelegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else { return }
        for previous in indexPathsForSelectedItems where previous != indexPath {
            deselectItem(at: previous, animated: false)
            collectionDelegate?.collectionView(self, didDeselectItemAt: previous)
        }
        selectItem(at: indexPath, animated: false)
        collectionDelegate?.collectionView(self, didSelectItemAt: indexPath)
    }

    /// Cancelled: the highlight goes, nothing is selected.
    func unhighlight(for touches: Set<UITouch>) {
        guard highlight(in: touches) != nil else { return }
        endHighlight()
    }

    private func endHighlight() {
        guard let indexPath = highlightedIndexPath else { return }
        highlightedIndexPath = nil
        highlightTouch = nil
        cellForItem(at: indexPath)?.isHighlighted = false
        collectionDelegate?.collectionView(self, didUnhighlightItemAt: indexPath)
    }
}

// MARK: - UICollectionViewDataSource

/// UIKit's `UICollectionViewDataSource` (items and cells).
public protocol UICollectionViewDataSource: AnyObject {
    /// UIKit default 1.
    func numberOfSections(in collectionView: UICollectionView) -> Int
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
}

// MARK: - UICollectionViewDelegate

/// UIKit's `UICollectionViewDelegate`, the highlighting and selection part (a scroll view delegate too).
/// Every method is optional, as in UIKit; the two questions default to true.
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
}

extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        true
    }
    public func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        true
    }
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
}

// MARK: - IndexPath+Collection

extension IndexPath {
    /// UIKit's `IndexPath(item:section:)` (UIKit adds it to Foundation's type).
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The item of a collection view index path (UIKit's `item`).
    public var item: Int { self[1] }
}
