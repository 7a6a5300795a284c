/// The Objective-C selectors printed in trace lines, spelled once.
enum UITraceSelector {
    package static let hitTest = "hitTest:withEvent:"
    static let pointInside = "pointInside:withEvent:"
}
