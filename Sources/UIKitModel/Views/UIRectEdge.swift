import Foundation

/// UIKit's `UIRectEdge` (UIGeometry.h; developer.apple.com/documentation/uikit/uirectedge): edges of a
/// rectangle as an option set, UIKit's raw values. `UIScreenEdgePanGestureRecognizer.edges` takes it.
public struct UIRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let top = UIRectEdge(rawValue: 1 << 0)
    public static let left = UIRectEdge(rawValue: 1 << 1)
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    public static let right = UIRectEdge(rawValue: 1 << 3)
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]

    /// The single edges in UIKit's bit order, with their names (scene files, traces).
    package static let named: [(name: String, edge: UIRectEdge)] = [
        ("top", .top), ("left", .left), ("bottom", .bottom), ("right", .right),
    ]

    /// `[left, bottom]`; `[]` for none.
    package var names: [String] { Self.named.filter { contains($0.edge) }.map(\.name) }
}
