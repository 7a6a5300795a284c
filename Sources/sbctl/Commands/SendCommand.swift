import ArgumentParser

/// Sends a request body as given: for trying the protocol by hand (and for testing error replies).
struct SendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send", abstract: "Send a raw JSON request, e.g. '{\"command\":\"status\"}', and print the reply.")

    @Argument(help: "The request body.")
    var body: String

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        var options = connection
        options.json = true
        try options.run(raw: Array(body.utf8)) { _ in "" }
    }
}
