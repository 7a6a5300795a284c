/// Full decoding of a HID message into the model types. Validation is `HIDMessageView`'s; use the view
/// directly on hot paths to avoid the children array.
public enum HIDDecoder {
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(HIDDecodeError) -> HIDMessage {
        try HIDMessageView(validating: bytes).message()
    }

    package static func decode(_ bytes: [UInt8]) throws(HIDDecodeError) -> HIDMessage {
        let result: Result<HIDMessage, HIDDecodeError> = bytes.withUnsafeBytes { raw in
            do throws(HIDDecodeError) { return .success(try decode(raw)) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
