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

    public weak var dataSource: UITableViewDataSource? {
        didSet { reloadData() }
    }

    /// The table's delegate: `UIScrollView.delegate` seen as a `UITableViewDelegate` (UIKit redeclares it).
    var tableDelegate: UITableViewDelegate? { delegate as? UITableViewDelegate }

    public var rowHeight: CGFloat = UITableView.defaultRowHeight {
        didSet { reloadData() }
    }

    /// Cells by section, then row.
    private(set) var cells: [[UITableViewCell]] = []
    package private(set) var indexPathForSelectedRow: IndexPath?
    /// The row the tracked touch came down on (UIKit's pending selection), while it is highlighted.
    private(set) var pendingIndexPath: IndexPath?
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

    func indexPath(for cell: UITableViewCell) -> IndexPath? {
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
