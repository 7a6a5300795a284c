import Foundation

/// UIKit's `UITableView` (plain style): its data source's rows laid out top to bottom as cells in a scroll
/// view. A touch that began on a row highlights it when it reaches the table (after the scroll view's
/// 0.15 s content delay) and selects it when it ends there uncancelled (event-delivery.md section 7).
///
/// Every row gets a cell at `reloadData()` (no reuse queue: scene tables are small), so a row's cell is
/// always a subview and hit-testing finds it wherever the content is scrolled.
open class UITableView: UIScrollView {
    /// UIKit's default row height.
    static let defaultRowHeight: CGFloat = 44

    /// UIKit's `dataSource`: how many rows each section has, and their cells (weak, as in UIKit).
    @exclusivity(unchecked)
    public weak var dataSource: UITableViewDataSource? {
        didSet { reloadData() }
    }

    /// The table's delegate: `UIScrollView.delegate` seen as a `UITableViewDelegate` (UIKit redeclares it).
    var tableDelegate: UITableViewDelegate? { delegate as? UITableViewDelegate }

    /// UIKit's `rowHeight`, in points (44 by default): rows are laid out from it.
    @exclusivity(unchecked)
    public var rowHeight: CGFloat = UITableView.defaultRowHeight {
        didSet { reloadData() }
    }

    /// Cells by section, then row.
    @exclusivity(unchecked)
    private(set) var cells: [[UITableViewCell]] = []
    @exclusivity(unchecked)
    package private(set) var indexPathForSelectedRow: IndexPath?
    /// The row the tracked touch came down on (UIKit's pending selection), while it is highlighted.
    @exclusivity(unchecked)
    private(set) var pendingIndexPath: IndexPath?
    @exclusivity(unchecked)
    private(set) weak var selectionTouch: UITouch?

    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        // UIKit: a table view bounces vertically even when its rows fit.
        alwaysBounceVertical = true
    }

    // MARK: Rows

    /// Rebuilds every cell from the data source and sizes the content to the rows.
    public func reloadData() {
        for section in cells { for cell in section { cell.removeFromSuperview() } }
        cells = []
        pendingIndexPath = nil
        indexPathForSelectedRow = nil
        guard let dataSource else {
            contentSize = CGSize(width: bounds.width, height: 0)
            return
        }
        var y: CGFloat = 0
        for section in 0..<max(dataSource.numberOfSections(in: self), 0) {
            var row: [UITableViewCell] = []
            for index in 0..<max(dataSource.tableView(self, numberOfRowsInSection: section), 0) {
                let cell = dataSource.tableView(self, cellForRowAt: IndexPath(row: index, section: section))
                cell.frame = CGRect(x: 0, y: y, width: bounds.width, height: rowHeight)
                addSubview(cell)
                row.append(cell)
                y += rowHeight
            }
            cells.append(row)
        }
        contentSize = CGSize(width: bounds.width, height: y)
    }

    var numberOfSections: Int { cells.count }

    func numberOfRows(inSection section: Int) -> Int {
        cells.indices.contains(section) ? cells[section].count : 0
    }

    func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        guard cells.indices.contains(indexPath.section), cells[indexPath.section].indices.contains(indexPath.row) else {
            return nil
        }
        return cells[indexPath.section][indexPath.row]
    }

    /// The row whose cell contains `point` (table coordinates: the content, offset included).
    func indexPathForRow(at point: CGPoint) -> IndexPath? {
        for (section, row) in cells.enumerated() {
            if let index = row.firstIndex(where: { $0.frame.contains(point) }) { return IndexPath(row: index, section: section) }
        }
        return nil
    }

    package func indexPath(for cell: UITableViewCell) -> IndexPath? {
        for (section, row) in cells.enumerated() {
            if let index = row.firstIndex(where: { $0 === cell }) { return IndexPath(row: index, section: section) }
        }
        return nil
    }

    // MARK: Selection

    /// UIKit's `selectRow(at:animated:scrollPosition:)` without the scrolling: selects without telling the
    /// delegate (as in UIKit, only a user's touch sends `didSelectRowAt`).
    func selectRow(at indexPath: IndexPath?, animated: Bool) {
        if let current = indexPathForSelectedRow, current != indexPath {
            cellForRow(at: current)?.setSelected(false, animated: animated)
        }
        indexPathForSelectedRow = indexPath.flatMap { cellForRow(at: $0) != nil ? $0 : nil }
        if let selected = indexPathForSelectedRow { cellForRow(at: selected)?.setSelected(true, animated: animated) }
    }

    func deselectRow(at indexPath: IndexPath, animated: Bool) {
        guard indexPathForSelectedRow == indexPath else { return }
        cellForRow(at: indexPath)?.setSelected(false, animated: animated)
        indexPathForSelectedRow = nil
    }

    // MARK: Pending selection (the highlighted row and the touch that may select it)

    var selectionTouchIsFree: Bool { selectionTouch == nil || pendingIndexPath == nil }

    func beginPendingSelection(_ indexPath: IndexPath, touch: UITouch) {
        pendingIndexPath = indexPath
        selectionTouch = touch
    }

    func pendingSelection(in touches: Set<UITouch>) -> (IndexPath, UITouch)? {
        guard let indexPath = pendingIndexPath, let touch = selectionTouch, touches.contains(touch) else { return nil }
        return (indexPath, touch)
    }

    /// Removes the highlight and tells the delegate (`didUnhighlightRowAt`).
    func endPendingSelection() {
        guard let indexPath = pendingIndexPath else { return }
        pendingIndexPath = nil
        selectionTouch = nil
        cellForRow(at: indexPath)?.setHighlighted(false, animated: false)
        tableDelegate?.tableView(self, didUnhighlightRowAt: indexPath)
    }

    // MARK: Touches (UIKit: the table handles its rows' touches and does not pass them on)

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if runsSuper(.touchesBegan) { highlightRow(for: touches) }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if runsSuper(.touchesMoved) { followHighlightedTouch(touches) }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if runsSuper(.touchesEnded) { selectHighlightedRow(for: touches) }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if runsSuper(.touchesCancelled) { unhighlightPendingRow(for: touches) }
    }
}

// MARK: - Touches

extension UITableView {
    /// touchesBegan: the row under the touch highlights (UIKit's pending selection), if the delegate allows.
    func highlightRow(for touches: Set<UITouch>) {
        guard selectionTouchIsFree, let touch = touches.first,
            let indexPath = indexPathForRow(at: touch.location(in: self))
        else { return }
        guard tableDelegate?.tableView(self, shouldHighlightRowAt: indexPath) ?? true else { return }
        beginPendingSelection(indexPath, touch: touch)
        cellForRow(at: indexPath)?.setHighlighted(true, animated: false)
        tableDelegate?.tableView(self, didHighlightRowAt: indexPath)
    }

    /// touchesMoved: a touch that leaves its row no longer selects it.
    func followHighlightedTouch(_ touches: Set<UITouch>) {
        guard let (indexPath, touch) = pendingSelection(in: touches) else { return }
        if indexPathForRow(at: touch.location(in: self)) != indexPath { endPendingSelection() }
    }

    /// touchesEnded: a touch that ends on the row it began on selects it — UIKit's order: unhighlight, then
    /// `willSelectRowAt`, the old row deselected (`didDeselectRowAt`), the new one selected (`didSelectRowAt`).
    func selectHighlightedRow(for touches: Set<UITouch>) {
        guard let (indexPath, touch) = pendingSelection(in: touches) else { return }
        let endsOnRow = indexPathForRow(at: touch.location(in: self)) == indexPath
        endPendingSelection()
        guard endsOnRow else { return }
        let proposed = tableDelegate.map { $0.tableView(self, willSelectRowAt: indexPath) } ?? indexPath
        guard let target = proposed, cellForRow(at: target) != nil else { return }
        if let previous = indexPathForSelectedRow, previous != target {
            deselectRow(at: previous, animated: false)
            tableDelegate?.tableView(self, didDeselectRowAt: previous)
        }
        selectRow(at: target, animated: false)
        tableDelegate?.tableView(self, didSelectRowAt: target)
    }

    /// touchesCancelled: the highlight goes, nothing is selected.
    func unhighlightPendingRow(for touches: Set<UITouch>) {
        guard pendingSelection(in: touches) != nil else { return }
        endPendingSelection()
    }
}

// MARK: - UITableViewDataSource

/// UIKit's `UITableViewDataSource` (rows and cells).
public protocol UITableViewDataSource: AnyObject {
    /// UIKit default 1.
    func numberOfSections(in tableView: UITableView) -> Int
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
}

extension UITableViewDataSource {
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
}

// MARK: - UITableViewDelegate

/// UIKit's `UITableViewDelegate` (highlighting and selection; a scroll view delegate too). Every method is
/// optional, as in UIKit.
public protocol UITableViewDelegate: UIScrollViewDelegate {
    /// UIKit default true: false keeps the row from highlighting (and from being selected by a touch).
    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath)
    /// UIKit: return another index path to select that row instead, nil to select nothing.
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
}

extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
}

// MARK: - IndexPath+Table

extension IndexPath {
    /// UIKit's `IndexPath(row:section:)` (UIKit adds it to Foundation's type; Linux Foundation has no UIKit).
    package init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// The row of a table index path (UIKit's `row`).
    public var row: Int { self[1] }
    /// The section of a table index path (UIKit's `section`).
    public var section: Int { self[0] }
}
