extension UIControl {
    /// The control events, with UIKit's bit values (`UIControlEvents` in UIControl.h).
    package struct Event: OptionSet, Hashable, Sendable, CustomStringConvertible {
        package let rawValue: UInt
        package init(rawValue: UInt) { self.rawValue = rawValue }

        package static let touchDown = Event(rawValue: 1 << 0)
        /// A touch down with `tapCount > 1`.
        package static let touchDownRepeat = Event(rawValue: 1 << 1)
        package static let touchDragInside = Event(rawValue: 1 << 2)
        package static let touchDragOutside = Event(rawValue: 1 << 3)
        package static let touchDragEnter = Event(rawValue: 1 << 4)
        package static let touchDragExit = Event(rawValue: 1 << 5)
        package static let touchUpInside = Event(rawValue: 1 << 6)
        package static let touchUpOutside = Event(rawValue: 1 << 7)
        package static let touchCancel = Event(rawValue: 1 << 8)
        package static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's semantic action (a button's tap, a switch's toggle, ...).
        package static let primaryActionTriggered = Event(rawValue: 1 << 13)
        package static let menuActionTriggered = Event(rawValue: 1 << 14)
        package static let editingDidBegin = Event(rawValue: 1 << 16)
        package static let editingChanged = Event(rawValue: 1 << 17)
        package static let editingDidEnd = Event(rawValue: 1 << 18)
        package static let editingDidEndOnExit = Event(rawValue: 1 << 19)

        package static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        package static let allEditingEvents = Event(rawValue: 0x000F_0000)
        package static let applicationReserved = Event(rawValue: 0x0F00_0000)
        package static let systemReserved = Event(rawValue: 0xF000_0000)
        package static let allEvents = Event(rawValue: 0xFFFF_FFFF)

        /// Names in the scene-file spelling, in bit order.
        package static let namedEvents: [(name: String, event: Event)] = [
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
        package init?(name: String) {
            guard let match = Event.namedEvents.first(where: { $0.name == name }) else { return nil }
            self = match.event
        }

        package var description: String {
            let names = Event.namedEvents.prefix(16).filter { contains($0.event) }.map(\.name)
            return names.isEmpty ? "[]" : "[" + names.joined(separator: ", ") + "]"
        }
    }
}
