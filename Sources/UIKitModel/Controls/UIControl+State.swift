extension UIControl {
    /// The control states (`UIControlState`), with UIKit's bit values.
    struct State: OptionSet, Hashable, Sendable {
        let rawValue: UInt
        package init(rawValue: UInt) { self.rawValue = rawValue }

        static let normal: State = []
        static let highlighted = State(rawValue: 1 << 0)
        static let disabled = State(rawValue: 1 << 1)
        static let selected = State(rawValue: 1 << 2)
        static let focused = State(rawValue: 1 << 3)
        static let application = State(rawValue: 0x00FF_0000)
        static let reserved = State(rawValue: 0xFF00_0000)
    }
}
