// The message codecs read and write through HIDEvent's little-endian helpers (`u8`...`u64`,
// `store(_:at:)`); importing HIDEvent here makes them visible to every file of the module.
import HIDEvent

/// The spelling the message encoders use; it forwards to `store(_:at:)`, so the little-endian
/// code lives in one place. New code: call `store(_:at:)`.
extension UnsafeMutableRawBufferPointer {
    @inline(__always) func put(_ v: UInt8, _ offset: Int) { store(v, at: offset) }
    @inline(__always) func put(_ v: UInt16, _ offset: Int) { store(v, at: offset) }
    @inline(__always) func put(_ v: UInt32, _ offset: Int) { store(v, at: offset) }
    @inline(__always) func put(_ v: UInt64, _ offset: Int) { store(v, at: offset) }
}
