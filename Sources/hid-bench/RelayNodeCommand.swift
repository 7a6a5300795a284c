import ArgumentParser
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// `hid-bench relay-node`: one process of the relay baseline, started by `hid-bench relay` (hidden).
struct RelayNodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "relay-node", abstract: "A relay or sink process of `hid-bench relay` (started by it).",
        shouldDisplay: false)

    enum Role: String, ExpressibleByArgument { case relay, sink }

    @Option(help: "relay or sink.") var role: Role
    @Option(help: "The relay's PULL endpoint (bound).") var input: String?
    @Option(help: "The relay's ROUTER endpoint (the relay binds, the sink connects).") var output: String
    @Option(help: "Frames in flight before the relay stops reading its input.") var window: Int = 4096

    func run() throws {
        // A terminal's ^C reaches the whole process group; the parent decides when the run ends (it sends
        // the end frame), so the nodes must not die under it.
        signal(SIGINT, SIG_IGN)
        switch role {
        case .relay:
            guard let input else { throw ValidationError("--input is required for the relay") }
            let result = try RelayNode(input: input, output: output, window: window).run()
            let encoder = JSONEncoder()
            FileHandle.standardOutput.write(try encoder.encode(result))
        case .sink:
            let cpu = try SinkNode(output: output).run()
            FileHandle.standardOutput.write(try JSONEncoder().encode(SinkResult(cpuNanoseconds: cpu)))
        }
    }
}
