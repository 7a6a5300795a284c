import ArgumentParser

/// One of springboard's sockets, as a command-line option: its flag, its help, and its default endpoint
/// in the runtime directory.
public protocol SpringBoardSocket {
    static var flag: String { get }
    static var help: String { get }
    static func endpoint(in defaults: DefaultEndpoints) -> String
}

/// `--<socket>`: an endpoint given on the command line, else the socket's ipc endpoint in the runtime
/// directory. One option per socket, so a command takes the flags of the sockets it uses and no others.
public struct EndpointOption<Socket: SpringBoardSocket>: ParsableArguments {
    @Option(name: .customLong(Socket.flag), help: ArgumentHelp(Socket.help))
    var endpoint: String?

    public init() {}

    /// The endpoint given, else the default one in `runtime`'s directory.
    public func resolved(_ runtime: RuntimeDirectoryOptions) -> String {
        endpoint ?? Socket.endpoint(in: runtime.endpoints)
    }
}
