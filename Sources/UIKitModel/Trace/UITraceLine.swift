/// One recorded call or free line, with the app clock's time so tools can line traces up with HID timestamps.
/// `text` is exactly what iOS would log (`-[EView hitTest:withEvent:]`, `View Taped`).
public struct UITraceLine: Equatable, Sendable {
    /// Nanoseconds on the application's run-loop clock when the line was recorded.
    public var time: UInt64
    public var text: String

    package init(time: UInt64, text: String) {
        self.time = time
        self.text = text
    }
}
