import ArgumentParser
import ControlProtocol

struct OverloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overload",
        abstract: "Show or set what springboard does when an app cannot keep up (shed or backpressure).",
        discussion: """
            shed: moves are coalesced into the next event (their samples travel with it); downs, ups and \
            cancels queue; an app that falls a whole queue behind is given up on (its touches cancelled). \
            backpressure: springboard stops reading the event port until the app catches up, so the source \
            is slowed down and nothing is coalesced or dropped.
            """)

    @Argument(help: "shed or backpressure; omit to show the current policy.")
    var mode: OverloadMode?

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try connection.run(.overload(mode: mode)) { reply in "overload policy: \(reply.overload?.rawValue ?? "?")" }
    }
}

extension OverloadMode: ExpressibleByArgument {}
