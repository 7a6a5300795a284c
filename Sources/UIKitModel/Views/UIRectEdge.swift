import Foundation

/// UIKit's `UIRectEdge` (UIGeometry.h; developer.apple.com/documentation/uikit/uirectedge): edges of a
/// rectangle as an option set, UIKit's raw values. `UIScreenEdgePanGestureRecognizer.edges` takes it.
public struct UIRectEdge: OptionSet, Hashable, Sendable {
    /// The edges as bits: top 1, left 2, bottom 4, right 8, as UIKit's raw values.
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The top edge.
    public static let top = UIRectEdge(rawValue: 1 << 0)
    /// The left edge.
    public static let left = UIRectEdge(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    /// The right edge.
    public static let right = UIRectEdge(rawValue: 1 << 3)
    /// Every edge.
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]

    /// The single edges in UIKit's bit order, with their names (scene files, traces).
    package static let named: [(name: String, edge: UIRectEdge)] = [
        ("top", .top), ("left", .left), ("bottom", .bottom), ("right", .right),
    ]

    /// `[left, bottom]`; `[]` for none.
    package var names: [String] { Self.named.filter { contains($0.edge) }.map(\.name) }
}
