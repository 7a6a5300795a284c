import CZeroMQ

/// Z85 (ZeroMQ RFC 32) text encoding of binary keys, through libzmq's `zmq_z85_encode/decode`.
package enum ZMQZ85 {
    /// Encodes bytes whose count is a multiple of 4 (32-byte keys become 40 characters).
    package static func encode(_ bytes: [UInt8]) throws -> String {
        guard bytes.count % 4 == 0 else {
            throw ZMQError(
                code: EINVAL, operation: "zmq_z85_encode",
                detail: "Z85 encodes a multiple of 4 bytes, got \(bytes.count)")
        }
        var text = [CChar](repeating: 0, count: bytes.count / 4 * 5 + 1)
        guard zmq_z85_encode(&text, bytes, bytes.count) != nil else { throw ZMQError.last("zmq_z85_encode") }
        return String(decoding: text.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Decodes text whose length is a multiple of 5 (40 characters become a 32-byte key).
    package static func decode(_ text: String) throws -> [UInt8] {
        let length = text.utf8.count
        guard length % 5 == 0 else {
            throw ZMQError(
                code: EINVAL, operation: "zmq_z85_decode",
                detail: "Z85 text is a multiple of 5 characters, got \(length)")
        }
        var bytes = [UInt8](repeating: 0, count: length / 5 * 4)
        guard zmq_z85_decode(&bytes, text) != nil else {
            throw ZMQError(code: EINVAL, operation: "zmq_z85_decode", detail: "not Z85 text")
        }
        return bytes
    }
}
