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
