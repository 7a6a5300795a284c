extension HIDButton {
    /// The HID usage page and usage IOHIDFamily reports for this button (all on the consumer page 0x0C).
    var usage: (page: UInt32, usage: UInt32) {
        switch self {
        case .home: return (0x0C, 0x40)  // Menu
        case .lock: return (0x0C, 0x30)  // Power
        case .volumeUp: return (0x0C, 0xE9)
        case .volumeDown: return (0x0C, 0xEA)
        }
    }
}
