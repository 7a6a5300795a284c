/// The event methods of `UIResponder` whose behaviour can be chosen per object without subclassing
/// (scene files), each with the selector printed in traces.
public enum UIResponderMethod: Int, CaseIterable, Sendable {
    case touchesBegan, touchesMoved, touchesEnded, touchesCancelled
    case motionBegan, motionEnded, motionCancelled
    case pressesBegan, pressesChanged, pressesEnded, pressesCancelled

    /// The `log:` group that prints this method.
    public var traceGroup: UITraceGroups {
        switch self {
        case .touchesBegan, .touchesMoved, .touchesEnded, .touchesCancelled: return .touches
        case .motionBegan, .motionEnded, .motionCancelled: return .motion
        case .pressesBegan, .pressesChanged, .pressesEnded, .pressesCancelled: return .presses
        }
    }

    var selector: String {
        switch self {
        case .touchesBegan: return "touchesBegan:withEvent:"
        case .touchesMoved: return "touchesMoved:withEvent:"
        case .touchesEnded: return "touchesEnded:withEvent:"
        case .touchesCancelled: return "touchesCancelled:withEvent:"
        case .motionBegan: return "motionBegan:withEvent:"
        case .motionEnded: return "motionEnded:withEvent:"
        case .motionCancelled: return "motionCancelled:withEvent:"
        case .pressesBegan: return "pressesBegan:withEvent:"
        case .pressesChanged: return "pressesChanged:withEvent:"
        case .pressesEnded: return "pressesEnded:withEvent:"
        case .pressesCancelled: return "pressesCancelled:withEvent:"
        }
    }
}
