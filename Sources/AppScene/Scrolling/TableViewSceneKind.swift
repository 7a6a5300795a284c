import Foundation
import UIKitModel

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
        if let cell = try node.mapping("cell") {
            try cell.checkKeys(["class", "log", "touches"])
            model.cellClassName = try cell.string("class")
            model.cellTouches = try cell["touches"].map { try $0.choice(UIMethodOverride.self) } ?? .inherit
            // As for any responder: without `log`, overridden touch methods log.
            model.cellLogs = try cell["log"]?.logGroups() ?? (model.cellTouches == .inherit ? [] : .touches)
        }
        if !model.logs.isEmpty || !model.cellLogs.isEmpty { context.printsLines = true }
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
