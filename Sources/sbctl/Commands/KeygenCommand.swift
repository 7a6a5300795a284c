import ArgumentParser
import ZeroMQ

struct KeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Make a CURVE key pair: NAME.key (secret, mode 0600) and NAME.pub (public), never over existing files.",
        discussion: "List the public key in springboard's --authorized-keys file (protocols/app-channel.md, \"CURVE over tcp\").")

    @Argument(help: "Path and base name of the two files.")
    var name: String

    func run() throws {
        let pair = try ZMQCurveKeyPair.generate()
        try pair.write(base: name)
        print("\(name).key (secret), \(name).pub: \(pair.publicKey)")
    }
}
