import ArgumentParser
import ZeroMQ

/// `--curve-server-key` and `--curve-key`: connect to springboard with CURVE (encrypted, and admitted only
/// when springboard's authorized-keys file lists this client's public key). Key files: `sbctl keygen NAME`.
public struct CurveOptions: ParsableArguments {
    @Option(name: .long, help: "springboard's CURVE public-key file (NAME.pub): connect with CURVE.")
    var curveServerKey: String?

    @Option(name: .long, help: "This client's CURVE secret-key file (NAME.key, from `sbctl keygen NAME`).")
    var curveKey: String?

    public init() {}

    public func validate() throws {
        guard (curveServerKey == nil) == (curveKey == nil) else {
            throw ValidationError("--curve-server-key and --curve-key go together")
        }
    }

    /// The client keys, or nil without CURVE.
    package func client() throws -> ZMQCurveClient? {
        guard let curveServerKey, let curveKey else { return nil }
        return try ZMQCurveClient(serverKeyFile: curveServerKey, secretKeyFile: curveKey)
    }
}
