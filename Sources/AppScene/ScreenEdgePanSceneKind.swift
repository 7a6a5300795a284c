import Foundation
import UIKitModel

/// `kind: screenEdgePan` of a `gestureRecognizers:` entry (protocols/scene-format.md, "Gesture recognizers"):
/// a `UIScreenEdgePanGestureRecognizer` with `edges: left`, `edges: [left, bottom]` or `edges: all`.
extension GestureRecognizerKind {
    static func makeScreenEdgePan(from node: SceneMapping) throws -> UIGestureRecognizer {
        let pan = UIScreenEdgePanGestureRecognizer()
        // Required: UIKit's default is no edge, which never begins.
        pan.edges = try edges(try node.required("edges"))
        return pan
    }

    /// `left`, `all`, or a list `[left, bottom]`.
    static func edges(_ value: SceneValue) throws -> UIRectEdge {
        let items: [SceneValue]
        if case .sequence = value.node { items = try value.sequence() } else { items = [value] }
        var edges: UIRectEdge = []
        for item in items {
            let name = try item.string()
            if name == "all" {
                edges.formUnion(.all)
            } else if let one = UIRectEdge.named.first(where: { $0.name == name }) {
                edges.insert(one.edge)
            } else {
                throw item.mismatch("one of top, left, bottom, right, all")
            }
        }
        guard !edges.isEmpty else { throw value.mismatch("at least one edge") }
        return edges
    }
}
