extension UIControl {
    /// The control states (`UIControlState`), with UIKit's bit values.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let normal: State = []
        package static let highlighted = State(rawValue: 1 << 0)
        package static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        static let focused = State(rawValue: 1 << 3)
        public static let application = State(rawValue: 0x00FF_0000)
        package static let reserved = State(rawValue: 0xFF00_0000)
    }
}
