import AppChannel
import ArgumentParser

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Counts at every hop and per app, drops with reasons, not-responding apps.")

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try connection.run(.stats) { reply in reply.stats.map(TextTable.stats) ?? "" }
    }
}
