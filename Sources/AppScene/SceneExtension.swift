import UIKitModel

/// Keys any view may carry that a later layer understands (e.g. `gestureRecognizers:`). Extensions run after
/// the whole scene is built, so they can resolve ids of any object in the file.
protocol SceneExtension {
    /// The view keys this extension reads.
    var viewKeys: Set<String> { get }
    /// Reads this extension's keys from `node` (the view's mapping) and applies them to `view`.
    func apply(to view: UIView, from node: SceneMapping, context: SceneBuildContext) throws
}
