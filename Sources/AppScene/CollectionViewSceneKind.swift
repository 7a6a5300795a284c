import Foundation
import UIKitModel

/// `kind: collectionView` — a `UICollectionView` with a flow layout whose items, cells and delegate come from
/// the file (protocols/scene-format.md, "Scroll views and table views"):
///
/// ```yaml
/// kind: collectionView                # the scroll view keys, plus:
/// items: ["Red", "Green", "Blue"]     # one section of titled items; or a count (`items: 9`: "Item 0" ...)
/// itemSize: [120, 120]                # UIKit's default 50 x 50
/// columns: 3                          # optional: items sized to fill the width in 3 columns (the height stays)
/// interitemSpacing: 10                # UIKit's minimumInteritemSpacing, default 10
/// lineSpacing: 10                     # UIKit's minimumLineSpacing, default 10
/// cell: {class: PhotoCell, log: true, touches: super}
/// shouldHighlightItem: {log: "shouldHighlightItemAt {item}", returns: true}   # the questions: a line and an answer
/// didSelectItem: {log: "didSelectItemAt {item}"}                              # the others: a line
/// ```
struct CollectionViewSceneKind: SceneViewKind {
    init() {}
    var name: String { "collectionView" }
    var uikitClassName: String { "UICollectionView" }
    var keys: Set<String> {
        ScrollViewSceneKind.scrollKeys.union(["items", "itemSize", "columns", "interitemSpacing", "lineSpacing", "cell"])
            .union(SceneCollectionModel.delegateKeys)
    }

    func makeView(from node: SceneMapping, context: SceneBuildContext) throws -> UIView {
        let model = SceneCollectionModel(titles: try Self.items(node["items"]), application: context.application)
        for key in SceneCollectionModel.delegateKeys {
            guard let entry = try node.mapping(key) else { continue }
            let isQuestion = SceneCollectionModel.questionKeys.contains(key)
            try entry.checkKeys(isQuestion ? ["log", "returns"] : ["log"])
            if isQuestion {
                model.answers[key] = try entry.bool("returns") ?? true
                if let log = try entry.string("log") { model.logs[key] = log }
            } else {
                model.logs[key] = try entry.required("log").string()
            }
        }
        model.cell = try SceneCellTemplate.parse(node)
        if !model.logs.isEmpty || !model.cell.logs.isEmpty { context.printsLines = true }

        let layout = UICollectionViewFlowLayout()
        if let size = node["itemSize"] {
            let n = try size.numbers(count: 2, expected: "[width, height]")
            guard n[0] > 0, n[1] > 0 else { throw size.mismatch("a width and a height greater than 0") }
            layout.itemSize = CGSize(width: n[0], height: n[1])
        }
        if let value = node["interitemSpacing"] { layout.minimumInteritemSpacing = try Self.nonNegative(value) }
        if let value = node["lineSpacing"] { layout.minimumLineSpacing = try Self.nonNegative(value) }
        var columns: Int?
        if let value = node["columns"] {
            let count = try value.int()
            guard count >= 1 else { throw value.mismatch("an integer of at least 1") }
            columns = count
        }
        let collection = SceneCollectionView(model: model, layout: layout)
        try ScrollViewSceneKind.applyScrollKeys(from: node, to: collection)
        // Items are laid out to the collection view's width: once the loader has applied the frame.
        context.afterBuild { [unowned collection] in
            if let columns {
                let gaps = layout.minimumInteritemSpacing * CGFloat(columns - 1)
                layout.itemSize.width = max((collection.bounds.width - gaps) / CGFloat(columns), 1)
            }
            collection.reloadData()
        }
        return collection
    }

    static func items(_ value: SceneValue?) throws -> [String] {
        guard let value else { return [] }
        if case .sequence = value.node { return try value.sequence().map { try $0.string() } }
        let count = try value.int()
        guard count >= 0 else { throw value.mismatch("a list of item titles or an item count") }
        return (0..<count).map { "Item \($0)" }
    }

    private static func nonNegative(_ value: SceneValue) throws -> CGFloat {
        let number = try value.double()
        guard number >= 0 else { throw value.mismatch("a number of at least 0") }
        return CGFloat(number)
    }
}

/// A scene collection view's data source and delegate: one section of titled items; the delegate methods named
/// in the file print their line, with `{item}` and `{section}` replaced; the two questions answer as the file
/// says (UIKit's default true).
final class SceneCollectionModel: UICollectionViewDataSource, UICollectionViewDelegate {
    /// Scene keys → delegate methods, in UIKit's order of calls.
    static let delegateKeys: [String] = [
        "shouldHighlightItem", "didHighlightItem", "didUnhighlightItem", "shouldSelectItem", "didSelectItem",
        "didDeselectItem",
    ]
    static let questionKeys: Set<String> = ["shouldHighlightItem", "shouldSelectItem"]

    let titles: [String]
    var logs: [String: String] = [:]
    var answers: [String: Bool] = [:]
    var cell = SceneCellTemplate()
    private unowned let application: UIApplication

    init(titles: [String], application: UIApplication) {
        self.titles = titles
        self.application = application
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { titles.count }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = UICollectionViewCell(title: titles[indexPath.item])
        self.cell.apply(to: cell)
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        ask("shouldHighlightItem", indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {
        log("didHighlightItem", indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {
        log("didUnhighlightItem", indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        ask("shouldSelectItem", indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        log("didSelectItem", indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
        log("didDeselectItem", indexPath)
    }

    private func ask(_ key: String, _ indexPath: IndexPath) -> Bool {
        log(key, indexPath)
        return answers[key] ?? true
    }

    private func log(_ key: String, _ indexPath: IndexPath) {
        guard let template = logs[key] else { return }
        application.trace.record(
            template
                .replacingOccurrences(of: "{item}", with: String(indexPath.item))
                .replacingOccurrences(of: "{section}", with: String(indexPath.section)),
            group: "actions")
    }
}

/// The collection view a scene file builds: keeps its scene-made data source and delegate alive (UIKit holds
/// both weakly; in an app the view controller owns them). Prints as `UICollectionView`.
final class SceneCollectionView: UICollectionView {
    private let model: SceneCollectionModel

    init(model: SceneCollectionModel, layout: UICollectionViewFlowLayout) {
        self.model = model
        super.init(frame: .zero, collectionViewLayout: layout)
        delegate = model
        dataSource = model
    }

    override var traceClassName: String { traceClassNameOverride ?? "UICollectionView" }
}
