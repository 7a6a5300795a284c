import Foundation

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
