import Foundation
import HIDEvent

extension EvemuRecording {
    /// The recording as HID digitizer frames on a screen (protocols/evemu-replay.md, "Playing"): the frames
    /// recorded from `from` to `to` nanoseconds after the first event, each at its recorded time minus
    /// `from` plus `offset`.
    ///
    /// The window's edges: a contact already down when the window opens comes down in the first frame it
    /// appears in (at its position then); one whose first frame in the window is its lift is left out. A
    /// contact still down when the window closes (at `to`, or at the end of the file) is cancelled, in a
    /// frame of its own at that time: the stream ends with no finger on the glass, as springboard does for
    /// a source that stops with fingers down, and the app sees `touchesCancelled`, UIKit's answer to a touch
    /// the system lost track of.
    public func timedPayloads(
        mapping: RecordingMapping, from: UInt64 = 0, to: UInt64? = nil, offset: UInt64 = 0
    ) throws -> [TimedHIDPayload] {
        let place = try mapping.placement(x: xAxis, y: yAxis)
        let end = min(to ?? duration, duration)
        var down: [UInt32: EvemuRecording.Contact] = [:]
        var output: [TimedHIDPayload] = []
        for frame in frames where frame.time >= from && frame.time <= end {
            var contacts: [EvemuRecording.Contact] = []
            for var contact in frame.contacts {
                if down[contact.id] == nil, !contact.change.contains(.down) {
                    if contact.change.lifts { continue }
                    contact.change = .down
                }
                if contact.change.lifts { down[contact.id] = nil } else { down[contact.id] = contact }
                contacts.append(contact)
            }
            guard contacts.contains(where: { $0.change != .stationary }) else { continue }
            output.append(payload(contacts, at: frame.time - from + offset, place))
        }
        if !down.isEmpty {
            let cancels = down.values.sorted { $0.id < $1.id }.map { contact in
                var contact = contact
                contact.change = .cancel
                return contact
            }
            let time = max(end, output.last.map { $0.time + from - offset } ?? end)
            output.append(payload(cancels, at: time - from + offset, place))
        }
        return output
    }

    private func payload(
        _ contacts: [EvemuRecording.Contact], at time: UInt64, _ place: RecordingMapping.Placement
    ) -> TimedHIDPayload {
        let fingers = contacts.map { contact in
            let point = place.point(x: contact.x, y: contact.y)
            var finger = HIDDigitizerEvent(
                finger: contact.id, contact.change, x: Float(point.x), y: Float(point.y),
                tipPressure: contact.change.lifts ? 0 : pressure(of: contact))
            if let major = contact.touchMajor {
                finger.majorRadius = Float(Double(major) / 2 * place.pointsPerUnit)
                finger.minorRadius = Float(Double(contact.touchMinor ?? major) / 2 * place.pointsPerUnit)
            }
            return finger
        }
        return TimedHIDPayload(time: time, payload: .digitizer(HIDDigitizerFrame(fingers: fingers)))
    }

    /// `ABS_MT_PRESSURE` as a fraction of its range (0...1); 1 for a device that does not report pressure.
    private func pressure(of contact: EvemuRecording.Contact) -> Float {
        guard let value = contact.pressure, let axis = axes[EvemuCode.pressure] else { return 1 }
        return Float(min(1, max(0, axis.fraction(value))))
    }
}
