import Foundation
import UIKitModel

/// A scene table's data source and delegate: one section of titled rows; the delegate methods named in the
/// file print their line, with `{row}` and `{section}` replaced.
final class SceneTableModel: UITableViewDataSource, UITableViewDelegate {
    /// Scene keys → delegate methods.
    static let delegateKeys: [String] = ["didHighlightRow", "didUnhighlightRow", "didSelectRow", "didDeselectRow"]

    let titles: [String]
    var logs: [String: String] = [:]
    var cellClassName: String?
    var cellLogs: UITraceGroups = []
    var cellTouches: UIMethodOverride = .inherit
    private unowned let application: UIApplication

    init(titles: [String], application: UIApplication) {
        self.titles = titles
        self.application = application
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { titles.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(text: titles[indexPath.row])
        cell.traceClassNameOverride = cellClassName
        cell.logGroups = cellLogs
        cell.overrides.set(cellTouches, for: UIResponderOverrides.touchMethods)
        return cell
    }

    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) { log("didHighlightRow", indexPath) }
    func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) { log("didUnhighlightRow", indexPath) }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { log("didSelectRow", indexPath) }
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) { log("didDeselectRow", indexPath) }

    private func log(_ key: String, _ indexPath: IndexPath) {
        guard let template = logs[key] else { return }
        application.trace.record(
            template
                .replacingOccurrences(of: "{row}", with: String(indexPath.row))
                .replacingOccurrences(of: "{section}", with: String(indexPath.section)),
            group: "actions")
    }
}
