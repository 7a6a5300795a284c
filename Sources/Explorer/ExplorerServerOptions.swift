import ArgumentParser

/// `--port`, `--host` and `--token`: where an explorer page is served (`app-host explore`, `sbctl explore`).
/// Loopback unless told otherwise; a non-loopback `--host` needs `--token`, and is refused at parse time
/// without it, before a command connects to anything.
public struct ExplorerServerOptions: ParsableArguments {
    @Option(name: .long, help: "TCP port (0: any free port; the URL printed names it).")
    var port: Int = 8765

    @Option(name: .long, help: "Address to listen on. Not a loopback address: needs --token.")
    var host: String = "127.0.0.1"

    @Flag(name: .long, help: "Allow a non-loopback --host; a random token is then required in the URL.")
    var token = false

    /// Options at their defaults (127.0.0.1:8765, no token).
    public init() {}

    /// Refuses what `ExplorerServerConfiguration` refuses (a non-loopback host without `--token`, a port out
    /// of range) as a usage error.
    public func validate() throws { _ = try configuration() }

    /// The server's configuration from these options.
    public func configuration() throws -> ExplorerServerConfiguration {
        do {
            return try ExplorerServerConfiguration(host: host, port: port, allowRemote: token)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// Serves `engine`'s page until interrupted.
    public func serve(_ engine: ExplorerEngine) throws {
        try ExplorerServerRunner.run(ExplorerServer(configuration: try configuration(), engine: engine))
    }
}
