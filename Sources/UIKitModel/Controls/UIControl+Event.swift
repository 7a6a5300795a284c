extension UIControl {
    /// The control events, with UIKit's bit values (`UIControlEvents` in UIControl.h).
    public struct Event: OptionSet, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        static let touchDown = Event(rawValue: 1 << 0)
        /// A touch down with `tapCount > 1`.
        static let touchDownRepeat = Event(rawValue: 1 << 1)
        static let touchDragInside = Event(rawValue: 1 << 2)
        static let touchDragOutside = Event(rawValue: 1 << 3)
        static let touchDragEnter = Event(rawValue: 1 << 4)
        static let touchDragExit = Event(rawValue: 1 << 5)
        static let touchUpInside = Event(rawValue: 1 << 6)
        static let touchUpOutside = Event(rawValue: 1 << 7)
        static let touchCancel = Event(rawValue: 1 << 8)
        static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's semantic action (a button's tap, a switch's toggle, ...).
        static let primaryActionTriggered = Event(rawValue: 1 << 13)
        static let menuActionTriggered = Event(rawValue: 1 << 14)
        static let editingDidBegin = Event(rawValue: 1 << 16)
        static let editingChanged = Event(rawValue: 1 << 17)
        static let editingDidEnd = Event(rawValue: 1 << 18)
        static let editingDidEndOnExit = Event(rawValue: 1 << 19)

        static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        static let allEditingEvents = Event(rawValue: 0x000F_0000)
        static let applicationReserved = Event(rawValue: 0x0F00_0000)
        static let systemReserved = Event(rawValue: 0xF000_0000)
        static let allEvents = Event(rawValue: 0xFFFF_FFFF)

        /// Names in the scene-file spelling, in bit order.
        public static let namedEvents: [(name: String, event: Event)] = [
            ("touchDown", .touchDown), ("touchDownRepeat", .touchDownRepeat),
            ("touchDragInside", .touchDragInside), ("touchDragOutside", .touchDragOutside),
            ("touchDragEnter", .touchDragEnter), ("touchDragExit", .touchDragExit),
            ("touchUpInside", .touchUpInside), ("touchUpOutside", .touchUpOutside),
            ("touchCancel", .touchCancel), ("valueChanged", .valueChanged),
            ("primaryActionTriggered", .primaryActionTriggered), ("menuActionTriggered", .menuActionTriggered),
            ("editingDidBegin", .editingDidBegin), ("editingChanged", .editingChanged),
            ("editingDidEnd", .editingDidEnd), ("editingDidEndOnExit", .editingDidEndOnExit),
            ("allTouchEvents", .allTouchEvents), ("allEditingEvents", .allEditingEvents),
            ("applicationReserved", .applicationReserved), ("systemReserved", .systemReserved),
            ("allEvents", .allEvents),
        ]

        /// The event named `name` (scene-file spelling, e.g. `touchUpInside`), or nil.
        public init?(name: String) {
            guard let match = Event.namedEvents.first(where: { $0.name == name }) else { return nil }
            self = match.event
        }

        public var description: String {
            let names = Event.namedEvents.prefix(16).filter { contains($0.event) }.map(\.name)
            return names.isEmpty ? "[]" : "[" + names.joined(separator: ", ") + "]"
        }
    }
}
