/// The Objective-C selectors printed in trace lines, spelled once.
public enum UITraceSelector {
    public static let hitTest = "hitTest:withEvent:"
    public static let pointInside = "pointInside:withEvent:"
}
