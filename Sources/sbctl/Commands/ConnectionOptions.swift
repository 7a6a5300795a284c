import ArgumentParser
import CommandLineSupport
import ControlProtocol
import ZeroMQ

/// Options every subcommand shares: where springboard's control socket is, and the output format.
struct ConnectionOptions: ParsableArguments {
    @OptionGroup var control: EndpointOption<ControlSocket>
    @OptionGroup var runtime: RuntimeDirectoryOptions
    @OptionGroup var curve: CurveOptions

    @Option(name: .long, help: "Milliseconds to wait for the reply.")
    var timeout: Int = 2000

    @Flag(name: .long, help: "Print springboard's JSON reply as is.")
    var json = false

    var endpoint: String { control.resolved(runtime) }

    /// Sends the request, prints the reply (JSON or `human`), and exits 1 on an error reply, 2 on no reply.
    func run(_ command: ControlCommand, human: (ControlReply) -> String) throws {
        try run(raw: ControlRequestCodec.encode(command), human: human)
    }

    func run(raw body: [UInt8], human: (ControlReply) -> String) throws {
        let reply: ControlReply
        do {
            reply = try ControlClient(endpoint: endpoint, timeoutMilliseconds: timeout, curve: curve.client()).request(raw: body)
        } catch {
            printError("sbctl: \(error)")
            if json {
                // A JSON reader still gets a reply object: the same shape, code `noReply`.
                let command = (try? ControlRequestCodec.decode(body))?.name ?? "unknown"
                let reply = ControlReply.failure(command, ControlError(.noReply, "\(error)"))
                print(String(decoding: reply.encoded(pretty: true), as: UTF8.self))
            }
            throw ExitCode(2)
        }
        if json {
            print(String(decoding: reply.encoded(pretty: true), as: UTF8.self))
        } else if reply.ok {
            print(human(reply))
        }
        if !reply.ok {
            if !json { printError("sbctl: \(reply.error.map { "\($0.code.rawValue): \($0.message)" } ?? "request failed")") }
            throw ExitCode(1)
        }
    }
}
