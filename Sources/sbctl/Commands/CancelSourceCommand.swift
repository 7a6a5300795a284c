import ArgumentParser

struct CancelSourceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel-source",
        abstract: "Cancel the fingers a source has down (its gesture gets cancel), as its source timeout would.")

    @Argument(help: "The source's senderID (see `sbctl sources`).")
    var senderID: UInt64

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try connection.run(.cancelSource(senderID: senderID)) { reply in
            "source \(senderID): fingers cancelled (\(reply.source?.fingersDown ?? 0) down now)"
        }
    }
}
