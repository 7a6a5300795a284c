import ArgumentParser
import HIDEvent

/// Encode / full decode / view validation rates of the wire format, per frame size.
struct CodecBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "codec",
        abstract: "Encode, full-decode and view-validate rates (events per second) for 1- and 10-finger frames.")

    @Option(help: "Fingers per frame to measure (repeatable).")
    var fingers: [Int] = [1, 10]

    @Option(help: "Seconds per measurement round.")
    var seconds: Double = 0.4

    @Option(help: "Rounds per measurement; the best round is reported.")
    var rounds: Int = 3

    func validate() throws {
        guard fingers.allSatisfy({ (0...HIDWireLayout.maxFingerCount).contains($0) }) else {
            throw ValidationError("--fingers must be 0...\(HIDWireLayout.maxFingerCount)")
        }
        guard seconds > 0, rounds > 0 else { throw ValidationError("--seconds and --rounds must be positive") }
    }

    func run() throws {
        print("hid-bench codec: best of \(rounds) rounds of \(seconds) s; one event = one HID message")
        print(
            pad("frame", 11) + pad("operation", 15) + pad("events/s", 13, right: true) + pad("ns/event", 10, right: true)
                + pad("MB/s", 9, right: true))
        var sink: UInt64 = 0
        for count in fingers {
            let message = Self.frame(fingers: count)
            let size = HIDEncoder.encodedSize(of: message)
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 8)
            defer { buffer.deallocate() }
            try HIDEncoder.encode(message, into: buffer)
            let bytes = UnsafeRawBufferPointer(buffer)
            var array: [UInt8] = []
            array.reserveCapacity(size)

            let operations: [(String, () throws -> UInt64)] = [
                ("encode", { UInt64(try HIDEncoder.encode(message, into: buffer)) }),
                (
                    "encode-append",
                    {
                        array.removeAll(keepingCapacity: true)
                        try HIDEncoder.append(message, to: &array)
                        return UInt64(array.count)
                    }
                ),
                ("decode", { try HIDDecoder.decode(bytes).envelope.sequence }),
                (
                    "view-validate",
                    {
                        let view = try HIDMessageView(validating: bytes)
                        return view.sequence &+ UInt64(view.fingerCount)
                    }
                ),
                (
                    "view-read-all",
                    {
                        // Validate, then read every finger's position, phase and index (what a router or app reads).
                        let view = try HIDMessageView(validating: bytes)
                        var sum: UInt64 = view.sequence
                        for finger in view.fingers {
                            sum &+=
                                UInt64(finger.x.bitPattern ^ finger.y.bitPattern) &+ UInt64(finger.phase.rawValue)
                                &+ UInt64(finger.transducerIndex)
                        }
                        return sum
                    }
                ),
            ]
            for (name, body) in operations {
                let (rate, result) = try measure(body)
                sink &+= result
                print(
                    pad("\(count) finger" + (count == 1 ? "" : "s"), 11) + pad(name, 15)
                        + pad(String(Int(rate)), 13, right: true)
                        + pad(format1(1e9 / rate), 10, right: true)
                        + pad(format1(rate * Double(size) / 1e6), 9, right: true))
            }
            print("  (\(size) bytes per message)")
        }
        // Keeps the optimizer from dropping the measured work.
        if sink == 0x5EED { print("") }
    }

    /// Runs `body` in batches for `seconds`, `rounds` times; returns the best rate in calls per second.
    private func measure(_ body: () throws -> UInt64) throws -> (Double, UInt64) {
        let clock = ContinuousClock()
        var best = 0.0, sink: UInt64 = 0
        let batch = 1_000
        for _ in 0..<rounds {
            var calls = 0
            let start = clock.now
            let deadline = start.advanced(by: .milliseconds(Int(seconds * 1000)))
            var now = start
            while now < deadline {
                for _ in 0..<batch { sink &+= try body() }
                calls += batch
                now = clock.now
            }
            let elapsed = start.duration(to: now)
            let secondsElapsed = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            best = max(best, Double(calls) / secondsElapsed)
        }
        return (best, sink)
    }

    static func frame(fingers: Int) -> HIDMessage {
        let children = (0..<fingers).map { i in
            HIDDigitizerEvent(
                options: [.absolute, .builtIn], phase: .changed, transducerIndex: UInt32(i + 1),
                eventMask: .position, x: 20 + Float(i) * 30, y: 400, tipPressure: 0.5,
                majorRadius: 6, minorRadius: 5, quality: 1, density: 1)
        }
        return HIDMessage(
            envelope: HIDEnvelope(kind: .digitizer, sequence: 1, senderID: 0xA1, timestamps: HIDHopTimestamps(hardware: 1)),
            payload: .digitizer(HIDDigitizerFrame(fingers: children)))
    }
}

func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
    let fill = String(repeating: " ", count: max(0, width - s.count))
    return right ? fill + s : s + fill
}

private func format1(_ v: Double) -> String {
    let tenths = Int((v * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
}
