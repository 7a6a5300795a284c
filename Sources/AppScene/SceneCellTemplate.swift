import UIKitModel

/// `cell: {class: PuzzleCell, log: true, touches: super}` of a `tableView` or `collectionView`: the responder
/// keys the scene's data source applies to every cell it makes (protocols/scene-format.md, "Scroll views and
/// table views").
struct SceneCellTemplate {
    var className: String?
    var touches: MethodOverride = .inherit
    var logs: Trace.Groups = []

    init() {}

    init(_ cell: SceneMapping) throws {
        try cell.checkKeys(["class", "log", "touches"])
        className = try cell.string("class")
        touches = try cell["touches"].map { try $0.choice(MethodOverride.self) } ?? .inherit
        // As for any responder: without `log`, overridden touch methods log.
        logs = try cell["log"]?.logGroups() ?? (touches == .inherit ? [] : .touches)
    }

    /// A `cell:` entry if the node has one, else a template that changes nothing.
    static func parse(_ node: SceneMapping) throws -> SceneCellTemplate {
        try node.mapping("cell").map(SceneCellTemplate.init) ?? SceneCellTemplate()
    }

    func apply(to cell: UIResponder) {
        cell.traceClassNameOverride = className
        cell.logGroups = logs
        cell.overrides.set(touches, for: ResponderOverrides.touchMethods)
    }
}
