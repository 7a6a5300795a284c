import HIDEvent

/// Renders a decoded message field by field with absolute offsets: the `.txt` beside each vector.
enum HIDVectorDump {
    static func describe(_ view: HIDMessageView, name: String) -> String {
        var out =
            "# \(name).bin: \(view.bytes.count) bytes, version \(view.versionMajor).\(view.versionMinor), kind \(view.kind)\n"
        out += "offset size type field                value\n"
        func line(_ offset: Int, _ size: Int, _ type: String, _ field: String, _ value: String) {
            out +=
                pad(String(offset), 6, left: true) + " " + pad(String(size), 4, left: true) + " " + pad(type, 4) + " "
                + pad(field, 20) + " " + value + "\n"
        }
        let b = view.bytes
        func u32(_ o: Int) -> UInt32 { b.loadUnaligned(fromByteOffset: o, as: UInt32.self).littleEndian }
        line(0, 4, "u32", "magic", hex(u32(0)) + " \"TPHE\"")
        line(4, 1, "u8", "versionMajor", "\(view.versionMajor)")
        line(5, 1, "u8", "versionMinor", "\(view.versionMinor)")
        line(6, 2, "u16", "kind", "\(view.kind.rawValue) (\(view.kind))")
        line(8, 4, "u32", "payloadLength", "\(view.payloadLength)")
        line(12, 4, "u32", "flags", hex(u32(12)))
        line(16, 8, "u64", "sequence", "\(view.sequence)")
        line(24, 8, "u64", "senderID", "0x" + String(view.senderID, radix: 16))
        for (hop, offset) in [(HIDHop.hardware, 32), (.routerReceived, 40), (.routerForwarded, 48), (.appReceived, 56)] {
            line(offset, 8, "u64", "\(hop)", "\(view.timestamp(hop))")
        }
        switch view.kind {
        case .digitizer:
            line(64, 4, "u32", "eventCount", "\(view.eventCount)")
            line(68, 4, "u32", "reserved", hex(u32(68)))
            describe(view.parent, title: "event[0] parent", comment: { out += $0 }, line: line, u32: u32)
            for (i, finger) in view.fingers.enumerated() {
                describe(finger, title: "event[\(i + 1)] finger \(i)", comment: { out += $0 }, line: line, u32: u32)
            }
        case .button:
            let button = view.button!
            line(64, 4, "u32", "button", "\(button.button.rawValue) (\(button.button))")
            line(68, 4, "u32", "down", button.isDown ? "1" : "0")
            line(72, 4, "u32", "usagePage", hex(u32(72)))
            line(76, 4, "u32", "usage", hex(u32(76)))
        case .motion:
            let motion = view.motion!
            line(64, 4, "u32", "motion", "\(motion.motion.rawValue) (\(motion.motion))")
            line(68, 4, "u32", "phase", "\(motion.phase.rawValue) (\(motion.phase))")
        }
        return out
    }

    private static func describe(
        _ e: HIDDigitizerEventView, title: String, comment: (String) -> Void,
        line: (Int, Int, String, String, String) -> Void, u32: (Int) -> UInt32
    ) {
        let o = e.offset
        comment("# \(title) at \(o)\n")
        line(o, 4, "u32", "size", "\(u32(o))")
        line(o + 4, 4, "u32", "type", "\(u32(o + 4))")
        line(o + 8, 4, "u32", "options", hex(u32(o + 8)) + " " + names(e.options) + " phase " + names(e.phase))
        line(o + 12, 1, "u8", "depth", "\(e.depth)")
        line(o + 13, 3, "-", "reserved", "0")
        line(o + 16, 4, "u32", "transducerIndex", "\(e.transducerIndex)")
        line(o + 20, 4, "u32", "transducerType", "\(e.transducerType.rawValue) (\(e.transducerType))")
        line(o + 24, 4, "u32", "identity", "\(e.identity)")
        line(o + 28, 4, "u32", "eventMask", hex(e.eventMask.rawValue) + " " + names(e.eventMask))
        line(o + 32, 4, "u32", "childEventMask", hex(e.childEventMask.rawValue) + " " + names(e.childEventMask))
        line(o + 36, 4, "u32", "buttonMask", hex(e.buttonMask))
        let floats: [(String, Float)] = [
            ("x", e.x), ("y", e.y), ("z", e.z), ("tipPressure", e.tipPressure), ("auxiliaryPressure", e.auxiliaryPressure),
            ("twist", e.twist), ("majorRadius", e.majorRadius), ("minorRadius", e.minorRadius), ("altitude", e.altitude),
            ("azimuth", e.azimuth), ("quality", e.quality), ("density", e.density),
        ]
        for (i, (name, value)) in floats.enumerated() { line(o + 40 + 4 * i, 4, "f32", name, "\(value)") }
        line(o + 88, 4, "u32", "generationCount", "\(e.generationCount)")
        line(o + 92, 4, "u32", "reserved", hex(u32(o + 92)))
    }

    static func hex(_ v: UInt32) -> String { "0x" + String(v, radix: 16) }

    private static func pad(_ s: String, _ width: Int, left: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - s.count))
        return left ? fill + s : s + fill
    }

    static func names(_ o: HIDEventOptions) -> String {
        let all: [(HIDEventOptions, String)] = [
            (.absolute, "absolute"), (.collection, "collection"), (.pixelUnits, "pixelUnits"),
            (.centerOrigin, "centerOrigin"), (.builtIn, "builtIn"),
        ]
        return "[" + all.filter { o.contains($0.0) }.map(\.1).joined(separator: ",") + "]"
    }

    static func names(_ p: HIDDigitizerPhase) -> String {
        let all: [(HIDDigitizerPhase, String)] = [
            (.began, "began"), (.changed, "changed"), (.ended, "ended"),
            (.cancelled, "cancelled"), (.mayBegin, "mayBegin"),
        ]
        return "[" + all.filter { p.contains($0.0) }.map(\.1).joined(separator: ",") + "]"
    }

    static func names(_ m: HIDDigitizerEventMask) -> String {
        let all: [(HIDDigitizerEventMask, String)] = [
            (.range, "range"), (.touch, "touch"), (.position, "position"), (.stop, "stop"), (.peak, "peak"),
            (.identity, "identity"), (.attribute, "attribute"), (.cancel, "cancel"), (.start, "start"), (.resting, "resting"),
        ]
        return "[" + all.filter { m.contains($0.0) }.map(\.1).joined(separator: ",") + "]"
    }
}
