import HIDEvent

/// Message builders shared by the tests and the vector generator.
enum HIDSample {
    static let senderID: UInt64 = 0x0000_0001_0000_00A1

    static func finger(
        _ index: UInt32, x: Float, y: Float, phase: HIDDigitizerPhase, mask: HIDDigitizerEventMask,
        pressure: Float = 0.5, radius: Float = 5.5
    ) -> HIDDigitizerEvent {
        HIDDigitizerEvent(
            options: [.absolute, .builtIn], phase: phase, depth: 1, transducerIndex: index, transducerType: .finger,
            identity: index + 100, eventMask: mask, x: x, y: y, tipPressure: pressure,
            majorRadius: radius, minorRadius: radius - 1, quality: 1, density: 1)
    }

    static func digitizer(sequence: UInt64, hardware: UInt64, fingers: [HIDDigitizerEvent]) -> HIDMessage {
        HIDMessage(
            envelope: HIDEnvelope(
                kind: .digitizer, sequence: sequence, senderID: senderID,
                timestamps: HIDHopTimestamps(hardware: hardware)),
            payload: .digitizer(HIDDigitizerFrame(fingers: fingers)))
    }

    static func button(_ button: HIDButton, down: Bool, sequence: UInt64, hardware: UInt64) -> HIDMessage {
        HIDMessage(
            envelope: HIDEnvelope(
                kind: .button, sequence: sequence, senderID: senderID,
                timestamps: HIDHopTimestamps(hardware: hardware)),
            payload: .button(HIDButtonEvent(button: button, isDown: down)))
    }

    static func motion(_ phase: HIDMotionPhase, sequence: UInt64, hardware: UInt64) -> HIDMessage {
        HIDMessage(
            envelope: HIDEnvelope(
                kind: .motion, sequence: sequence, senderID: senderID,
                timestamps: HIDHopTimestamps(hardware: hardware)),
            payload: .motion(HIDMotionEvent(motion: .shake, phase: phase)))
    }

    /// A frame of `count` fingers on a row, all moved.
    static func frame(fingers count: Int, sequence: UInt64 = 7) -> HIDMessage {
        digitizer(
            sequence: sequence, hardware: 5_000_000,
            fingers: (0..<count).map {
                finger(UInt32($0 + 1), x: 20 + Float($0) * 30, y: 400, phase: .changed, mask: .position)
            })
    }

    /// A random message that must encode and decode (finite floats, known bits, unique indices).
    static func random(_ rng: inout SplitMix64) -> HIDMessage {
        func envelope(_ kind: HIDMessageKind) -> HIDEnvelope {
            HIDEnvelope(
                kind: kind, sequence: rng.next(), senderID: rng.next(),
                timestamps: HIDHopTimestamps(
                    hardware: rng.next(), routerReceived: rng.next(),
                    routerForwarded: rng.next(), appReceived: rng.next()))
        }
        switch rng.below(6) {
        case 0:
            let button = HIDButton.allCases[rng.below(4)]
            return HIDMessage(
                envelope: envelope(.button), payload: .button(HIDButtonEvent(button: button, isDown: rng.chance(50))))
        case 1:
            let phase: HIDMotionPhase = rng.chance(50) ? .began : .ended
            return HIDMessage(envelope: envelope(.motion), payload: .motion(HIDMotionEvent(phase: phase)))
        default:
            let count = rng.below(HIDWireLayout.maxFingerCount + 1)
            var indices = Set<UInt32>()
            while indices.count < count { indices.insert(UInt32(truncatingIfNeeded: rng.next())) }
            let fingers = indices.sorted().map { randomEvent(&rng, index: $0) }
            var frame = HIDDigitizerFrame(fingers: fingers, generationCount: UInt32(truncatingIfNeeded: rng.next()))
            frame.parent.buttonMask = UInt32(truncatingIfNeeded: rng.next())
            // The centroid of random floats may overflow to infinity: use finite random values instead.
            let position = randomEvent(&rng, index: 0)
            frame.parent.x = position.x
            frame.parent.y = position.y
            return HIDMessage(envelope: envelope(.digitizer), payload: .digitizer(frame))
        }
    }

    static func randomEvent(_ rng: inout SplitMix64, index: UInt32) -> HIDDigitizerEvent {
        func float() -> Float {
            // Any finite bit pattern, including denormals and -0.
            var bits = UInt32(truncatingIfNeeded: rng.next())
            if bits & 0x7F80_0000 == 0x7F80_0000 { bits &= ~0x0080_0000 }
            return Float(bitPattern: bits)
        }
        func bits<T: OptionSet>(_ all: T) -> T where T.RawValue == UInt32 {
            T(rawValue: UInt32(truncatingIfNeeded: rng.next()) & all.rawValue)
        }
        let phase = HIDDigitizerPhase(rawValue: UInt8(truncatingIfNeeded: rng.next()) & HIDDigitizerPhase.all.rawValue)
        return HIDDigitizerEvent(
            options: bits(HIDEventOptions.all).subtracting(.collection), phase: phase, depth: 1, transducerIndex: index,
            transducerType: HIDTransducerType(rawValue: UInt32(rng.below(4)))!, identity: UInt32(truncatingIfNeeded: rng.next()),
            eventMask: bits(HIDDigitizerEventMask.all), childEventMask: bits(HIDDigitizerEventMask.all),
            buttonMask: UInt32(truncatingIfNeeded: rng.next()), x: float(), y: float(), z: float(), tipPressure: float(),
            auxiliaryPressure: float(), twist: float(), majorRadius: float(), minorRadius: float(), altitude: float(),
            azimuth: float(), quality: float(), density: float(), generationCount: UInt32(truncatingIfNeeded: rng.next()))
    }
}
