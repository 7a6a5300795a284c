/// Little-endian field access on raw buffers: unaligned loads and stores, no allocation.
extension UnsafeRawBufferPointer {
    @inline(__always) func u8(_ offset: Int) -> UInt8 { self[offset] }
    @inline(__always) func u16(_ offset: Int) -> UInt16 { UInt16(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt16.self)) }
    @inline(__always) func u32(_ offset: Int) -> UInt32 { UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
    @inline(__always) func u64(_ offset: Int) -> UInt64 { UInt64(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
}

extension UnsafeMutableRawBufferPointer {
    @inline(__always) func put(_ v: UInt8, _ offset: Int) { self[offset] = v }
    @inline(__always) func put(_ v: UInt16, _ offset: Int) { storeBytes(of: v.littleEndian, toByteOffset: offset, as: UInt16.self) }
    @inline(__always) func put(_ v: UInt32, _ offset: Int) { storeBytes(of: v.littleEndian, toByteOffset: offset, as: UInt32.self) }
    @inline(__always) func put(_ v: UInt64, _ offset: Int) { storeBytes(of: v.littleEndian, toByteOffset: offset, as: UInt64.self) }
}
