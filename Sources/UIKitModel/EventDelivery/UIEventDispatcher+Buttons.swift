import HIDEvent

extension UIEventDispatcher {
    /// A hardware button going down or up → a presses event (began / ended) for the first responder.
    /// A repeated down of a button already down, or an up of a button not down, is dropped.
    func dispatchButton(_ button: HIDButtonEvent, hardwareTime: UInt64) {
        let type = UIPress.PressType(button.button)
        let timestamp = Self.seconds(hardwareTime)
        let event = pressesEvent ?? UIPressesEvent()
        let press: UIPress
        if button.isDown {
            guard pressesByType[type] == nil else { return }
            press = UIPress(type: type, phase: .began, timestamp: timestamp)
            pressesByType[type] = press
            event.allPresses.insert(press)
        } else {
            guard let down = pressesByType[type] else { return }
            press = down
            press.phase = .ended
            press.timestamp = timestamp
        }
        event.timestamp = timestamp
        event.hardwareTimestamp = hardwareTime
        event.changedPresses = [press]
        event.changedPhase = press.phase
        pressesEvent = event
        post(event)
        if press.phase == .ended {
            pressesByType[type] = nil
            event.allPresses.remove(press)
            if event.allPresses.isEmpty { pressesEvent = nil }
        }
    }
}

extension UIPress.PressType {
    init(_ button: HIDButton) {
        switch button {
        case .home: self = .home
        case .lock: self = .lock
        case .volumeUp: self = .volumeUp
        case .volumeDown: self = .volumeDown
        }
    }
}
