// Explicit little-endian access at any alignment: the wire never depends on host byte order, and a
// message may sit at any offset inside a ZeroMQ frame. Non-generic on purpose: unspecialized generic
// loads made debug builds (and so the validation tests) several times slower.

extension UnsafeRawBufferPointer {
    @inline(__always) func u8(_ offset: Int) -> UInt8 { self[offset] }
    @inline(__always) func u16(_ offset: Int) -> UInt16 { UInt16(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt16.self)) }
    @inline(__always) func u32(_ offset: Int) -> UInt32 { UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
    @inline(__always) func u64(_ offset: Int) -> UInt64 { UInt64(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
    @inline(__always) func f32(_ offset: Int) -> Float { Float(bitPattern: u32(offset)) }
}

extension UnsafeMutableRawBufferPointer {
    @inline(__always) func store(_ value: UInt8, at offset: Int) { self[offset] = value }
    @inline(__always) func store(_ value: UInt16, at offset: Int) { storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt16.self) }
    @inline(__always) func store(_ value: UInt32, at offset: Int) { storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt32.self) }
    @inline(__always) func store(_ value: UInt64, at offset: Int) { storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt64.self) }
    @inline(__always) func store(_ value: Float, at offset: Int) { store(value.bitPattern, at: offset) }
}
