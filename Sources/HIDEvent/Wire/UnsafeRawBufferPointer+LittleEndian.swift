// Explicit little-endian access at any alignment: the wire never depends on host byte order, and a
// message may sit at any offset inside a ZeroMQ frame. Non-generic on purpose: unspecialized generic
// loads made debug builds (and so the validation tests) several times slower. Public and
// inlinable: AppChannel's messages use the same helpers on their hot path.

extension UnsafeRawBufferPointer {
    @inlinable @inline(__always) public func u8(_ offset: Int) -> UInt8 { self[offset] }
    @inlinable @inline(__always) public func u16(_ offset: Int) -> UInt16 {
        UInt16(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }
    @inlinable @inline(__always) public func u32(_ offset: Int) -> UInt32 {
        UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
    @inlinable @inline(__always) public func u64(_ offset: Int) -> UInt64 {
        UInt64(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    @inlinable @inline(__always) public func f32(_ offset: Int) -> Float { Float(bitPattern: u32(offset)) }
}

extension UnsafeMutableRawBufferPointer {
    @inlinable @inline(__always) public func store(_ value: UInt8, at offset: Int) { self[offset] = value }
    @inlinable @inline(__always) public func store(_ value: UInt16, at offset: Int) {
        storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt16.self)
    }
    @inlinable @inline(__always) public func store(_ value: UInt32, at offset: Int) {
        storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt32.self)
    }
    @inlinable @inline(__always) public func store(_ value: UInt64, at offset: Int) {
        storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt64.self)
    }
    @inlinable @inline(__always) public func store(_ value: Float, at offset: Int) { store(value.bitPattern, at: offset) }
}
