extension UIControl {
    /// The control events, with UIKit's bit values (`UIControlEvents` in UIControl.h).
    public struct Event: OptionSet, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let touchDown = Event(rawValue: 1 << 0)
        /// A touch down with `tapCount > 1`.
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's semantic action (a button's tap, a switch's toggle, ...).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)

        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)

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
