/// Collects the calls the dispatch rules make, in order, exactly as iOS prints them (`NSLog(@"%s", __func__)`
/// in an override prints `-[Class selector]`). Owned by `UIApplication`; objects write to it only when their
/// `logsCalls` is true, so an app that logs nothing pays nothing per event.
public final class UITraceRecorder {
    public private(set) var lines: [UITraceLine] = []
    /// Off: nothing is stored or forwarded (objects may still be marked `logsCalls`).
    var isEnabled = true
    /// Called for every line as it is recorded (live tools stream lines out; tests can ignore it).
    public var onRecord: ((UITraceLine) -> Void)?

    private let clock: () -> UInt64

    /// - Parameter clock: the time source stamped on each line (the application passes its run loop's clock).
    init(clock: @escaping () -> UInt64 = { 0 }) {
        self.clock = clock
    }

    /// Records a free line, as an action method's `print` would (`View Taped`).
    public func record(_ text: String) {
        guard isEnabled else { return }
        let line = UITraceLine(time: clock(), text: text)
        lines.append(line)
        onRecord?(line)
    }

    /// Records a method call in Objective-C's `__func__` form: `-[EView hitTest:withEvent:]`.
    package func recordCall(className: String, selector: String) {
        guard isEnabled else { return }
        record("-[\(className) \(selector)]")
    }

    /// The lines' text only, for exact comparisons.
    package var texts: [String] { lines.map(\.text) }

    public func removeAll() {
        lines.removeAll(keepingCapacity: true)
    }
}
