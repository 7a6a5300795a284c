import CZeroMQ
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Untyped option access, for options without a typed wrapper, and the plumbing the typed ones share.
extension ZMQSocket {
    /// `zmq_setsockopt` for an `int` option.
    func setOption(_ option: Int32, int value: Int) throws { try setInt(option, "option \(option)", value) }

    /// `zmq_setsockopt` for a binary or string option.
    func setOption(_ option: Int32, bytes value: [UInt8]) throws {
        try value.withUnsafeBytes { try setBytes(option, "option \(option)", $0) }
    }

    /// `zmq_getsockopt` for an `int` option.
    package func intOption(_ option: Int32) throws -> Int { try int(option, "option \(option)") }

    // MARK: Plumbing

    func setInt(_ option: Int32, _ name: @autoclosure () -> String, _ value: Int) throws {
        let socket = try openHandle("zmq_setsockopt(\(name()))")
        guard let cValue = Int32(exactly: value) else {
            throw ZMQError(
                code: EINVAL, operation: "zmq_setsockopt(\(name()))",
                detail: "\(value) does not fit in a C int")
        }
        var storage = cValue
        if zmq_setsockopt(socket, option, &storage, MemoryLayout<Int32>.size) != 0 {
            throw ZMQError.last("zmq_setsockopt(\(name()), \(value))")
        }
    }

    func setBytes(_ option: Int32, _ name: @autoclosure () -> String, _ value: UnsafeRawBufferPointer) throws {
        let socket = try openHandle("zmq_setsockopt(\(name()))")
        if zmq_setsockopt(socket, option, value.baseAddress, value.count) != 0 {
            throw ZMQError.last("zmq_setsockopt(\(name()))")
        }
    }

    func int(_ option: Int32, _ name: @autoclosure () -> String) throws -> Int {
        let socket = try openHandle("zmq_getsockopt(\(name()))")
        var value: Int32 = 0
        var size = MemoryLayout<Int32>.size
        if zmq_getsockopt(socket, option, &value, &size) != 0 { throw ZMQError.last("zmq_getsockopt(\(name()))") }
        return Int(value)
    }

    func bytes(_ option: Int32, _ name: @autoclosure () -> String, capacity: Int) throws -> [UInt8] {
        let socket = try openHandle("zmq_getsockopt(\(name()))")
        var size = capacity
        var result = [UInt8](repeating: 0, count: capacity)
        let rc = result.withUnsafeMutableBytes { zmq_getsockopt(socket, option, $0.baseAddress, &size) }
        if rc != 0 { throw ZMQError.last("zmq_getsockopt(\(name()))") }
        result.removeSubrange(size...)
        return result
    }
}
