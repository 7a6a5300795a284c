import ArgumentParser

struct KillCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kill",
        abstract: "End an app's process (SIGKILL to its kernel-verified pid): for an app that stopped responding.")

    @Argument(help: "The app's bundle id (see `sbctl apps`).")
    var bundleID: String

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try connection.run(.kill(bundleID: bundleID)) { reply in
            "\(bundleID): killed (now \(reply.apps?.first?.state ?? "dead"))"
        }
    }
}
