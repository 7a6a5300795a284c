import HIDEvent

/// The baseline's frames: real encoded HID digitizer frames, a drag of `fingers` fingers, so every frame has
/// the size `hid-source load` sends for that many fingers (64 + 8 + 96 × (fingers + 1) bytes). Encoded anew
/// for every frame, as the load generator does, so both sources cost the same per frame.
struct RelayFrames {
    let fingers: Int
    let senderID: UInt64

    func append(sequence: UInt64, into buffer: inout [UInt8]) throws {
        let step = Float(sequence % 300)
        var children: [HIDDigitizerEvent] = []
        children.reserveCapacity(fingers)
        for i in 0..<fingers {
            let x: Float = 20 + Float(i) * 30 + step / 10
            let y: Float = 100 + step * 2
            children.append(
                HIDDigitizerEvent(
                    options: [.absolute, .builtIn], phase: .changed, depth: 1, transducerIndex: UInt32(i + 1),
                    transducerType: .finger, identity: UInt32(i + 1), eventMask: .position, x: x, y: y, tipPressure: 1,
                    majorRadius: 6, minorRadius: 6, quality: 1, density: 1))
        }
        let message = HIDMessage(
            envelope: HIDEnvelope(kind: .digitizer, sequence: sequence, senderID: senderID),
            payload: .digitizer(HIDDigitizerFrame(fingers: children)))
        buffer.removeAll(keepingCapacity: true)
        try HIDEncoder.append(message, to: &buffer)
    }
}
