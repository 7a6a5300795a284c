import Foundation

/// UIKit's `UITableViewDelegate` (highlighting and selection; a scroll view delegate too). Every method is
/// optional, as in UIKit.
package protocol UITableViewDelegate: UIScrollViewDelegate {
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
    package func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    package func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {}
    package func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {}
    package func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    package func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    package func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
}
