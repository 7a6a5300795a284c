// libFuzzer entry for the HID wire format. Not a SwiftPM target: deploy/fuzz-hid compiles it together with
// Sources/HIDEvent into one module (so no `import HIDEvent`) with -sanitize=fuzzer,address.
//
// Checks per input: validation never reads outside the bytes (ASan), every accessor of an accepted
// message stays in bounds, an accepted 1.0 message re-encodes to exactly the same bytes, and stamping a
// copy changes only the stamped timestamp.

@_cdecl("LLVMFuzzerTestOneInput")
public func hidFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let view: HIDMessageView
    do throws(HIDDecodeError) {
        view = try HIDMessageView(validating: bytes)
    } catch {
        // Rendering the error must not fail either.
        precondition(!error.description.isEmpty)
        return 0
    }
    let message = view.message()
    var checksum = view.sequence &+ view.senderID &+ UInt64(view.fingerCount)
    for finger in view.fingers { checksum &+= UInt64(finger.transducerIndex) &+ UInt64(finger.x.bitPattern) }
    withExtendedLifetime(checksum) {}

    if view.versionMinor == HIDWireLayout.versionMinor {
        let out = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 8)
        defer { out.deallocate() }
        do throws(HIDEncodeError) {
            let written = try HIDEncoder.encode(message, into: out)
            precondition(written == size && out.elementsEqual(bytes), "accepted 1.0 input does not re-encode to the same bytes")
        } catch {
            preconditionFailure("accepted message does not encode: \(error)")
        }
    }

    let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 1)
    defer { copy.deallocate() }
    copy.copyMemory(from: bytes)
    precondition(HIDMessageView.stamp(.routerForwarded, 0x0102_0304_0506_0708, in: copy))
    precondition(copy[..<48].elementsEqual(bytes[..<48]) && copy[56...].elementsEqual(bytes[56...]))
    precondition(UnsafeRawBufferPointer(copy).u64(48) == 0x0102_0304_0506_0708)
    return 0
}
