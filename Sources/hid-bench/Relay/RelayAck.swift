/// sink → relay: one cumulative ack per batch the sink read, like app-host's `acks` message: how many frames
/// (the next ones in order, PUSH/ROUTER/DEALER keep order on one connection) and when the sink read each.
/// Layout, little-endian: count u32 @0, reserved u32 @4 (0), then `count` × readAt u64.
enum RelayAck {
    static let headerSize = 8

    static func begin(_ buffer: inout [UInt8]) {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: repeatElement(0, count: headerSize))
    }

    static func append(readAt: UInt64, to buffer: inout [UInt8]) {
        withUnsafeBytes(of: readAt.littleEndian) { buffer.append(contentsOf: $0) }
        let count = UInt32((buffer.count - headerSize) / 8)
        buffer.withUnsafeMutableBytes { $0.storeBytes(of: count.littleEndian, as: UInt32.self) }
    }

    static func count(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard bytes.count >= headerSize else { return 0 }
        let count = Int(UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self)))
        return bytes.count == headerSize + count * 8 ? count : 0
    }

    static func readAt(_ bytes: UnsafeRawBufferPointer, _ index: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: headerSize + index * 8, as: UInt64.self))
    }
}
