/// The 8-byte header every app-channel message starts with: magic u32, version u8, type u8, reserved u16 (0).
public struct AppChannelHeader: Equatable, Sendable {
    public var type: AppMessageType

    init(type: AppMessageType) { self.type = type }

    /// Reads and validates the header; does not look past byte 8.
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(AppChannelError) -> AppChannelHeader {
        guard bytes.count >= AppChannelWire.headerSize else {
            throw .truncated(message: "header", needed: AppChannelWire.headerSize, found: bytes.count)
        }
        let magic = bytes.u32(0)
        guard magic == AppChannelWire.magic else { throw .badMagic(found: magic) }
        guard bytes.u8(4) == AppChannelWire.versionMajor else { throw .unsupportedVersion(found: bytes.u8(4)) }
        guard let type = AppMessageType(rawValue: bytes.u8(5)) else { throw .unknownType(bytes.u8(5)) }
        guard bytes.u16(6) == 0 else {
            throw .invalidField(message: "header", field: "reserved", offset: 6, expected: "0", found: "\(bytes.u16(6))")
        }
        return AppChannelHeader(type: type)
    }

    func encode(into bytes: UnsafeMutableRawBufferPointer) {
        bytes.put(AppChannelWire.magic, 0)
        bytes.put(AppChannelWire.versionMajor, 4)
        bytes.put(type.rawValue, 5)
        bytes.put(UInt16(0), 6)
    }
}

extension AppChannelHeader {
    /// Checks the header says `type` and the frame has exactly `size` bytes (fixed-size messages).
    static func expect(_ type: AppMessageType, size: Int, in bytes: UnsafeRawBufferPointer, name: String) throws(AppChannelError)
    {
        let header = try decode(bytes)
        guard header.type == type else {
            throw .invalidField(
                message: name, field: "type", offset: 5, expected: "\(type.rawValue)", found: "\(header.type.rawValue)")
        }
        guard bytes.count == size else {
            if bytes.count < size { throw .truncated(message: name, needed: size, found: bytes.count) }
            throw .invalidField(
                message: name, field: "length", offset: 0, expected: "\(size) bytes", found: "\(bytes.count) bytes")
        }
    }

    /// Encodes a fixed-size message into a fresh array (tests and cold paths; hot paths use `encode(into:)`).
    static func array(size: Int, _ body: (UnsafeMutableRawBufferPointer) -> Void) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: size)
        out.withUnsafeMutableBytes { body($0) }
        return out
    }
}
