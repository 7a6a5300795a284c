import ArgumentParser

/// `sbctl`: SpringBoard's control command line (protocols/control.md).
@main
struct SBCtl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sbctl",
        abstract: "Control a running springboard: list apps, switch the foreground app, read counters.",
        discussion:
            "Exit status: 0 ok, 1 springboard refused the request (the error is printed), 2 no reply (with --json, a "
            + "reply object with error code noReply), 64 bad arguments (usage printed).",
        subcommands: [
            AppsCommand.self, ForegroundCommand.self, HomeCommand.self, StatusCommand.self,
            StatsCommand.self, OverloadCommand.self, SourcesCommand.self, CancelSourceCommand.self, KillCommand.self,
            KeygenCommand.self,
            SendCommand.self, TopCommand.self, MonitorCommand.self,
        ])
}
