extension UIControl {
    /// The control states (`UIControlState`), with UIKit's bit values.
    package struct State: OptionSet, Hashable, Sendable {
        package let rawValue: UInt
        package init(rawValue: UInt) { self.rawValue = rawValue }

        package static let normal: State = []
        package static let highlighted = State(rawValue: 1 << 0)
        package static let disabled = State(rawValue: 1 << 1)
        package static let selected = State(rawValue: 1 << 2)
        static let focused = State(rawValue: 1 << 3)
        package static let application = State(rawValue: 0x00FF_0000)
        package static let reserved = State(rawValue: 0xFF00_0000)
    }
}
