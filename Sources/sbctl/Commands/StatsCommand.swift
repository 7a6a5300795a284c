import ArgumentParser

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Counts at every hop and per app, drops with reasons, latency percentiles per hop.",
        discussion: "Counters run from springboard's start or the last --reset.")

    @Flag(name: .long, help: "Zero every counter and latency histogram after printing them.")
    var reset = false

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try connection.run(.stats(reset: reset)) { reply in reply.stats.map(ReplyText.stats) ?? "" }
    }
}
