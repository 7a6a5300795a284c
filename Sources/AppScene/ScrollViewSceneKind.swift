import Foundation
import UIKitModel

/// `kind: scrollView` — a `UIScrollView` (protocols/scene-format.md, "Scroll views and table views").
struct ScrollViewSceneKind: SceneViewKind {
    init() {}
    var name: String { "scrollView" }
    var uikitClassName: String { "UIScrollView" }
    var keys: Set<String> { Self.scrollKeys }

    static let scrollKeys: Set<String> = [
        "contentSize", "contentOffset", "delaysContentTouches", "canCancelContentTouches", "scrollEnabled",
        "alwaysBounceVertical", "alwaysBounceHorizontal",
    ]

    func makeView(from node: SceneMapping, context: SceneBuildContext) throws -> UIView {
        let scrollView = UIScrollView()
        try Self.applyScrollKeys(from: node, to: scrollView)
        return scrollView
    }

    /// The scroll view keys, shared with `tableView`. `contentOffset` is applied after the frame (it is the
    /// bounds origin, which setting a frame keeps).
    static func applyScrollKeys(from node: SceneMapping, to scrollView: UIScrollView) throws {
        if let size = node["contentSize"] {
            let n = try size.numbers(count: 2, expected: "[width, height]")
            scrollView.contentSize = CGSize(width: n[0], height: n[1])
        }
        if let offset = node["contentOffset"] {
            let n = try offset.numbers(count: 2, expected: "[x, y]")
            scrollView.contentOffset = CGPoint(x: n[0], y: n[1])
        }
        if let value = try node.bool("delaysContentTouches") { scrollView.delaysContentTouches = value }
        if let value = try node.bool("canCancelContentTouches") { scrollView.canCancelContentTouches = value }
        if let value = try node.bool("scrollEnabled") { scrollView.isScrollEnabled = value }
        if let value = try node.bool("alwaysBounceVertical") { scrollView.alwaysBounceVertical = value }
        if let value = try node.bool("alwaysBounceHorizontal") { scrollView.alwaysBounceHorizontal = value }
    }
}

/// `kind: tableView` — a `UITableView` whose rows, cells and delegate come from the file:
///
/// ```yaml
/// kind: tableView
/// rows: ["Row 0", "Row 1"]        # or a count: `rows: 20` makes "Row 0" ... "Row 19"
/// rowHeight: 44
/// cell: {class: PuzzleCell, log: true, touches: super}   # responder keys applied to every cell
/// didSelectRow: {log: "didSelectRowAt {row}"}             # delegate methods that print a line
/// ```
struct TableViewSceneKind: SceneViewKind {
    init() {}
    var name: String { "tableView" }
    var uikitClassName: String { "UITableView" }
    var keys: Set<String> {
        ScrollViewSceneKind.scrollKeys.union(["rows", "rowHeight", "cell"]).union(SceneTableModel.delegateKeys)
    }

    func makeView(from node: SceneMapping, context: SceneBuildContext) throws -> UIView {
        let model = SceneTableModel(titles: try Self.rows(node["rows"]), application: context.application)
        for key in SceneTableModel.delegateKeys {
            guard let entry = try node.mapping(key) else { continue }
            try entry.checkKeys(["log"])
            model.logs[key] = try entry.required("log").string()
        }
        model.cell = try SceneCellTemplate.parse(node)
        if !model.logs.isEmpty || !model.cell.logs.isEmpty { context.printsLines = true }
        let table = SceneTableView(model: model)
        if let height = node["rowHeight"] {
            let value = try height.double()
            guard value > 0 else { throw height.mismatch("a number greater than 0") }
            table.rowHeight = CGFloat(value)
        }
        try ScrollViewSceneKind.applyScrollKeys(from: node, to: table)
        // Rows are laid out to the table's width: once the loader has applied the frame.
        context.afterBuild { [unowned table] in table.reloadData() }
        return table
    }

    static func rows(_ value: SceneValue?) throws -> [String] {
        guard let value else { return [] }
        if case .sequence = value.node { return try value.sequence().map { try $0.string() } }
        let count = try value.int()
        guard count >= 0 else { throw value.mismatch("a list of row titles or a row count") }
        return (0..<count).map { "Row \($0)" }
    }
}

/// A scene table's data source and delegate: one section of titled rows; the delegate methods named in the
/// file print their line, with `{row}` and `{section}` replaced.
final class SceneTableModel: UITableViewDataSource, UITableViewDelegate {
    /// Scene keys → delegate methods.
    static let delegateKeys: [String] = ["didHighlightRow", "didUnhighlightRow", "didSelectRow", "didDeselectRow"]

    let titles: [String]
    var logs: [String: String] = [:]
    var cell = SceneCellTemplate()
    private unowned let application: UIApplication

    init(titles: [String], application: UIApplication) {
        self.titles = titles
        self.application = application
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { titles.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(text: titles[indexPath.row])
        self.cell.apply(to: cell)
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

/// The table view a scene file builds: a `UITableView` that keeps its scene-made data source and delegate
/// alive (UIKit's table holds both weakly; in an app the view controller owns them). Prints as `UITableView`.
final class SceneTableView: UITableView {
    private let model: SceneTableModel

    init(model: SceneTableModel) {
        self.model = model
        super.init(frame: .zero)
        delegate = model
        dataSource = model
    }

    override var traceClassName: String { traceClassNameOverride ?? "UITableView" }
}
