import ArgumentParser
import CommandLineSupport
import Foundation
import ZeroMQ

/// `sbctl`: SpringBoard's control command line (protocols/control.md).
@main
struct SBCtl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sbctl",
        abstract: "Control a running springboard: list apps, switch the foreground app, read counters.",
        discussion:
            ExitStatus.helpText(failure: "springboard refused the request (the error is printed)")
            + " With --json and no reply (69), a reply object with error code noReply is printed.",
        subcommands: [
            AppsCommand.self, ForegroundCommand.self, HomeCommand.self, StatusCommand.self, SceneCommand.self,
            StatsCommand.self, OverloadCommand.self, SourcesCommand.self, CancelSourceCommand.self, KillCommand.self,
            KeygenCommand.self,
            SendCommand.self, TopCommand.self, MonitorCommand.self, TraceCommand.self, ExploreCommand.self,
        ])

    static func main() { CommandLineMain.run(Self.self) }
}

struct KeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Make a CURVE key pair: NAME.key (secret, mode 0600) and NAME.pub (public), never over existing files.",
        discussion: "List the public key in springboard's --authorized-keys file (protocols/app-channel.md, \"CURVE over tcp\").")

    @Argument(help: "Path and base name of the two files.")
    var name: String

    func run() throws {
        let pair = try ZMQCurveKeyPair.generate()
        do { try pair.write(base: name) } catch { throw CommandError.cannotCreate("\(error)") }
        print("\(name).key (secret), \(name).pub: \(pair.publicKey)")
    }
}

/// Writes one line to stderr.
func printError(_ text: String) {
    try? FileHandle.standardError.write(contentsOf: Data((text + "\n").utf8))
}
