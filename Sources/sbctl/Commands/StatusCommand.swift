import ArgumentParser

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Foreground app, gesture owner, endpoints.")

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try connection.run(.status) { reply in reply.status.map(ReplyText.status) ?? "" }
    }
}
