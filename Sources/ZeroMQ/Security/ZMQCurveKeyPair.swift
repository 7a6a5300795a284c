import CZeroMQ

/// A CURVE long-term key pair in Z85 text (40 characters each), as `zmq_curve_keypair` makes them.
package struct ZMQCurveKeyPair: Sendable, Hashable {
    package let publicKey: String
    package let secretKey: String

    init(publicKey: String, secretKey: String) {
        self.publicKey = publicKey
        self.secretKey = secretKey
    }

    /// A new random key pair (`zmq_curve_keypair`; ENOTSUP when libzmq was built without CURVE).
    package static func generate() throws -> ZMQCurveKeyPair {
        var publicKey = [CChar](repeating: 0, count: 41)
        var secretKey = [CChar](repeating: 0, count: 41)
        if zmq_curve_keypair(&publicKey, &secretKey) != 0 { throw ZMQError.last("zmq_curve_keypair") }
        return ZMQCurveKeyPair(publicKey: string(publicKey), secretKey: string(secretKey))
    }

    /// The pair for an existing Z85 secret key (`zmq_curve_public`).
    package init(secretKey: String) throws {
        guard secretKey.utf8.count == 40 else {
            throw ZMQError(
                code: EINVAL, operation: "zmq_curve_public",
                detail: "a Z85 secret key is 40 characters, got \(secretKey.utf8.count)")
        }
        var publicKey = [CChar](repeating: 0, count: 41)
        if zmq_curve_public(&publicKey, secretKey) != 0 { throw ZMQError.last("zmq_curve_public") }
        self.init(publicKey: ZMQCurveKeyPair.string(publicKey), secretKey: secretKey)
    }

    private static func string(_ cString: [CChar]) -> String {
        String(decoding: cString.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
