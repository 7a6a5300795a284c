import CZeroMQ
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// CURVE security options. Keys are 32 bytes, or the same key as 40 Z85 characters (`ZMQCurveKeyPair`).
// A server needs its secret key and `setCurveServer(true)`; a client needs the server's public key
// and its own key pair.
extension ZMQSocket {
    /// `ZMQ_CURVE_SERVER`: this side is the CURVE server (needs only its secret key).
    package func setCurveServer(_ enabled: Bool) throws {
        try setInt(ZMQ_CURVE_SERVER, "ZMQ_CURVE_SERVER", enabled ? 1 : 0)
    }
    package var curveServer: Bool { get throws { try int(ZMQ_CURVE_SERVER, "ZMQ_CURVE_SERVER") != 0 } }

    /// `ZMQ_CURVE_PUBLICKEY`: this client's long-term public key.
    package func setCurvePublicKey(_ key: [UInt8]) throws {
        try setCurveKey(ZMQ_CURVE_PUBLICKEY, "ZMQ_CURVE_PUBLICKEY", key)
    }
    package func setCurvePublicKey(z85 key: String) throws {
        try setCurveKey(ZMQ_CURVE_PUBLICKEY, "ZMQ_CURVE_PUBLICKEY", z85: key)
    }
    package var curvePublicKey: [UInt8] {
        get throws { try bytes(ZMQ_CURVE_PUBLICKEY, "ZMQ_CURVE_PUBLICKEY", capacity: 32) }
    }

    /// `ZMQ_CURVE_SECRETKEY`: this side's long-term secret key.
    package func setCurveSecretKey(_ key: [UInt8]) throws {
        try setCurveKey(ZMQ_CURVE_SECRETKEY, "ZMQ_CURVE_SECRETKEY", key)
    }
    package func setCurveSecretKey(z85 key: String) throws {
        try setCurveKey(ZMQ_CURVE_SECRETKEY, "ZMQ_CURVE_SECRETKEY", z85: key)
    }
    package var curveSecretKey: [UInt8] {
        get throws { try bytes(ZMQ_CURVE_SECRETKEY, "ZMQ_CURVE_SECRETKEY", capacity: 32) }
    }

    /// `ZMQ_CURVE_SERVERKEY`: the server's public key, set on a client (makes it a CURVE client).
    func setCurveServerKey(_ key: [UInt8]) throws {
        try setCurveKey(ZMQ_CURVE_SERVERKEY, "ZMQ_CURVE_SERVERKEY", key)
    }
    package func setCurveServerKey(z85 key: String) throws {
        try setCurveKey(ZMQ_CURVE_SERVERKEY, "ZMQ_CURVE_SERVERKEY", z85: key)
    }
    package var curveServerKey: [UInt8] {
        get throws { try bytes(ZMQ_CURVE_SERVERKEY, "ZMQ_CURVE_SERVERKEY", capacity: 32) }
    }

    /// `ZMQ_ZAP_DOMAIN`: the domain this socket's ZAP requests name (a handler tells its sockets apart by it).
    package func setZAPDomain(_ domain: String) throws {
        try Array(domain.utf8).withUnsafeBytes { try setBytes(ZMQ_ZAP_DOMAIN, "ZMQ_ZAP_DOMAIN", $0) }
    }

    private func setCurveKey(_ option: Int32, _ name: String, _ key: [UInt8]) throws {
        guard key.count == 32 else {
            throw ZMQError(
                code: EINVAL, operation: "zmq_setsockopt(\(name))",
                detail: "a binary CURVE key is 32 bytes, got \(key.count)")
        }
        try key.withUnsafeBytes { try setBytes(option, name, $0) }
    }

    private func setCurveKey(_ option: Int32, _ name: String, z85 key: String) throws {
        let utf8 = Array(key.utf8)
        guard utf8.count == 40 else {
            throw ZMQError(
                code: EINVAL, operation: "zmq_setsockopt(\(name))",
                detail: "a Z85 CURVE key is 40 characters, got \(utf8.count)")
        }
        // 40 bytes without the terminator is how libzmq tells a Z85 key from a binary one.
        try utf8.withUnsafeBytes { try setBytes(option, name, $0) }
    }
}
