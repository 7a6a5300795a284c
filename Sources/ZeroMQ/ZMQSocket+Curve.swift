import CZeroMQ
import Foundation
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

/// What a CURVE client needs: the server's public key and its own long-term key pair. Key files are text: a
/// secret-key file holds the 40-character Z85 secret key, a public-key file the Z85 public key, each on a line
/// of its own (other lines, such as a `# ...` comment, are ignored; `sbctl keygen` writes both).
package struct ZMQCurveClient: Sendable {
    package let serverKey: String
    package let keyPair: ZMQCurveKeyPair

    package init(serverKey: String, keyPair: ZMQCurveKeyPair) {
        self.serverKey = serverKey
        self.keyPair = keyPair
    }

    /// Reads the server's public-key file and this client's secret-key file.
    package init(serverKeyFile: String, secretKeyFile: String) throws {
        self.init(
            serverKey: try ZMQCurveKeyPair.readKey(serverKeyFile),
            keyPair: try ZMQCurveKeyPair(secretKey: ZMQCurveKeyPair.readKey(secretKeyFile)))
    }

    /// Makes `socket` a CURVE client of the server (before it connects).
    package func apply(to socket: ZMQSocket) throws {
        try socket.setCurveServerKey(z85: serverKey)
        try socket.setCurvePublicKey(z85: keyPair.publicKey)
        try socket.setCurveSecretKey(z85: keyPair.secretKey)
    }
}

extension ZMQCurveKeyPair {
    /// The one Z85 key in a key file: the first line that is 40 characters without spaces (Z85 may contain `#`).
    package static func readKey(_ path: String) throws -> String {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw ZMQError(code: ENOENT, operation: "read CURVE key", detail: "\(path): \(error.localizedDescription)")
        }
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let key = lines.first(where: { $0.utf8.count == 40 && !$0.contains(" ") }) else {
            throw ZMQError(code: EINVAL, operation: "read CURVE key", detail: "\(path) holds no 40-character Z85 key")
        }
        return key
    }

    /// Writes `<base>.key` (the secret key, mode 0600, never over an existing file) and `<base>.pub`.
    package func write(base: String) throws {
        try Self.create(base + ".key", "# TouchPipeline CURVE secret key (keep private)\n\(secretKey)\n", mode: 0o600)
        try Self.create(base + ".pub", "# TouchPipeline CURVE public key\n\(publicKey)\n", mode: 0o644)
    }

    private static func create(_ path: String, _ text: String, mode: mode_t) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard fd >= 0 else { throw ZMQError(code: errno, operation: "create \(path)") }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        guard Glibc.write(fd, bytes, bytes.count) == bytes.count else { throw ZMQError(code: errno, operation: "write \(path)") }
    }
}

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
