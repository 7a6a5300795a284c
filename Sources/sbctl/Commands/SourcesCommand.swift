import ArgumentParser

struct SourcesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources", abstract: "Every hid-source springboard remembers: frames read, fingers down, idle time.")

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try connection.run(.sources) { reply in ReplyText.sources(reply.sources ?? []) }
    }
}
