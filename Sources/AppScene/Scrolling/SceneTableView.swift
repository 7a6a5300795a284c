import UIKitModel

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
