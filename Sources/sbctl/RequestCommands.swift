import ArgumentParser
import CommandLineSupport
import ControlProtocol
import ControlText
import ZeroMQ

// The subcommands that are one control request and one reply; each says what it asks and how the reply
// reads to a person (`--json` prints the reply as is).

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
        } catch let error as ZMQError where error.isBadEndpoint {
            throw error  // an endpoint libzmq cannot read: a bad argument (64), not springboard missing
        } catch ControlClientError.requestTooLarge(let bytes) {
            // A bad request, not a silent springboard: said as such, exit 64 like any bad argument.
            let error = ControlClientError.requestTooLarge(bytes: bytes)
            printError("sbctl: \(error)")
            if json {
                let command = (try? ControlRequestCodec.decode(body))?.name ?? "unknown"
                print(
                    String(
                        decoding: ControlReply.failure(command, ControlError(.requestTooLarge, "\(error)")).encoded(pretty: true),
                        as: UTF8.self))
            }
            throw ExitCode(64)
        } catch {
            printError("sbctl: \(error)")
            if json {
                // A JSON reader still gets a reply object: the same shape, code `noReply`.
                let command = (try? ControlRequestCodec.decode(body))?.name ?? "unknown"
                let reply = ControlReply.failure(command, ControlError(.noReply, "\(error)"))
                print(String(decoding: reply.encoded(pretty: true), as: UTF8.self))
            }
            throw ExitCode(.unavailable)
        }
        if json {
            print(String(decoding: reply.encoded(pretty: true), as: UTF8.self))
        } else if reply.ok {
            print(human(reply))
        }
        if !reply.ok {
            if !json { printError("sbctl: \(reply.error.map { "\($0.code.rawValue): \($0.message)" } ?? "request failed")") }
            throw ExitCode(.failure)
        }
    }
}

struct AppsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "apps", abstract: "List registered apps and their states.")

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try connection.run(.apps) { reply in ReplyText.apps(reply.apps ?? []) }
    }
}

struct ForegroundCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "foreground", abstract: "Bring an app to the foreground (its gesture in progress, if any, is cancelled).")

    @Argument(help: "The app's bundle id, or a display name that exactly one app has (see `sbctl apps`).")
    var bundleID: String

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try connection.run(.foreground(bundleID: bundleID)) { reply in "foreground: \(reply.foreground ?? "home screen")" }
    }
}

struct HomeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "home", abstract: "Show the home screen (like the home button).")

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try connection.run(.home) { _ in "foreground: home screen" }
    }
}

/// `sbctl scene`: what is on the screen (the control socket's `scene`, what `sbctl explore` draws).
struct SceneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scene",
        abstract: "Say what is on the screen: the foreground app with its scene and trace files, or the home screen's icons.")

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try connection.run(.scene) { reply in
            guard let scene = reply.scene else { return "no scene in the reply" }
            guard let bundleID = scene.bundleID else {
                let home = scene.home
                let icons = home?.icons.map(\.displayName).joined(separator: ", ") ?? ""
                return
                    "home screen, page \((home?.page ?? 0) + 1) of \(home?.pageCount ?? 1): \(icons.isEmpty ? "no icons" : icons)"
            }
            return
                "\(scene.displayName ?? bundleID) (\(bundleID)): scene \(scene.scene ?? "not known (springboard did not launch it)")"
                + "; trace \(scene.traceFile ?? "not known")"
        }
    }
}

struct KillCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kill",
        abstract: "End an app's process (SIGKILL to its kernel-verified pid): for an app that stopped responding.")

    @Argument(help: "The app's bundle id, or a display name that exactly one app has (see `sbctl apps`).")
    var bundleID: String

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try connection.run(.kill(bundleID: bundleID)) { reply in
            "\(bundleID): killed (now \(reply.apps?.first?.state ?? "dead"))"
        }
    }
}

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Foreground app, gesture owner, endpoints.")

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try connection.run(.status) { reply in reply.status.map(ReplyText.status) ?? "" }
    }
}

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Counts at every hop and per app, drops with reasons, latency percentiles per hop.",
        discussion: "Counters run from springboard's start or the last --reset.")

    @Flag(name: .long, help: "Zero every counter and latency histogram after printing them.")
    var reset = false

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try connection.run(.stats(reset: reset)) { reply in reply.stats.map(ReplyText.stats) ?? "" }
    }
}

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

struct SourcesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources", abstract: "Every hid-source springboard remembers: frames read, fingers down, idle time.")

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try connection.run(.sources) { reply in ReplyText.sources(reply.sources ?? []) }
    }
}

struct CancelSourceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel-source",
        abstract: "Cancel the fingers a source has down (its gesture gets cancel), as its source timeout would.")

    @Argument(
        help: "The source's sender id, as `sbctl sources` and `sbctl monitor` print it (decimal), or in hex (0x...).",
        transform: { text in
            guard let id = SenderID.parse(text) else { throw ValidationError("\"\(text)\" is not \(SenderID.expected)") }
            return id
        })
    var senderID: UInt64

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        try connection.run(.cancelSource(senderID: senderID)) { reply in
            "source \(SenderID.text(senderID)): fingers cancelled (\(reply.source?.fingersDown ?? 0) down now)"
        }
    }
}

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
