import Foundation
#if canImport(Glibc)
    import Glibc
#endif

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
