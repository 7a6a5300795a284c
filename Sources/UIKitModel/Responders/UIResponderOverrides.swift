/// Per-object choices for the event methods, standing in for what a subclass would write (scene files set
/// them). A fixed array indexed by method, so the per-event check is one load.
public struct UIResponderOverrides: Equatable, Sendable {
    private var modes: [UIMethodOverride]

    /// Every method `inherit`: the object behaves like an unmodified UIKit class.
    init() {
        modes = Array(repeating: .inherit, count: UIResponderMethod.allCases.count)
    }

    public subscript(method: UIResponderMethod) -> UIMethodOverride {
        get { modes[method.rawValue] }
        set { modes[method.rawValue] = newValue }
    }

    /// Sets the same choice for several methods (e.g. all four touch methods).
    public mutating func set(_ mode: UIMethodOverride, for methods: [UIResponderMethod]) {
        for method in methods { self[method] = mode }
    }

    public static let touchMethods: [UIResponderMethod] = [.touchesBegan, .touchesMoved, .touchesEnded, .touchesCancelled]
    public static let motionMethods: [UIResponderMethod] = [.motionBegan, .motionEnded, .motionCancelled]
    public static let pressMethods: [UIResponderMethod] = [.pressesBegan, .pressesChanged, .pressesEnded, .pressesCancelled]
}
