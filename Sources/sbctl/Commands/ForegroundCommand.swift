import ArgumentParser

struct ForegroundCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "foreground", abstract: "Bring an app to the foreground (its gesture in progress, if any, is cancelled).")

    @Argument(help: "The app's bundle id (see `sbctl apps`).")
    var bundleID: String

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try connection.run(.foreground(bundleID: bundleID)) { reply in "foreground: \(reply.foreground ?? "home screen")" }
    }
}
