/// Per-object choices for the event methods, standing in for what a subclass would write (scene files set
/// them). A fixed array indexed by method, so the per-event check is one load.
package struct UIResponderOverrides: Equatable, Sendable {
    private var modes: [UIMethodOverride]

    /// Every method `inherit`: the object behaves like an unmodified UIKit class.
    package init() {
        modes = Array(repeating: .inherit, count: UIResponderMethod.allCases.count)
    }

    package subscript(method: UIResponderMethod) -> UIMethodOverride {
        get { modes[method.rawValue] }
        set { modes[method.rawValue] = newValue }
    }

    /// Sets the same choice for several methods (e.g. all four touch methods).
    package mutating func set(_ mode: UIMethodOverride, for methods: [UIResponderMethod]) {
        for method in methods { self[method] = mode }
    }

    package static let touchMethods: [UIResponderMethod] = [.touchesBegan, .touchesMoved, .touchesEnded, .touchesCancelled]
    package static let motionMethods: [UIResponderMethod] = [.motionBegan, .motionEnded, .motionCancelled]
    package static let pressMethods: [UIResponderMethod] = [.pressesBegan, .pressesChanged, .pressesEnded, .pressesCancelled]
}
