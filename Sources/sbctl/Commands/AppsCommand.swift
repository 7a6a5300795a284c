import ArgumentParser

struct AppsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "apps", abstract: "List registered apps and their states.")

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try connection.run(.apps) { reply in ReplyText.apps(reply.apps ?? []) }
    }
}
