import ArgumentParser

struct HomeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "home", abstract: "Show the home screen (like the home button).")

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try connection.run(.home) { _ in "foreground: home screen" }
    }
}
