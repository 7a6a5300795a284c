import ArgumentParser
import ControlProtocol

/// Where and as whom a hardware source sends (hid-source's subcommands, `sbctl explore`): springboard's event
/// port, its control socket (asked whether the end marker arrived, and, by the explorer, what is in front),
/// the runtime directory both default to, CURVE keys, and `--sender-id`.
public struct EventSourceOptions: ParsableArguments {
    /// `--events`: springboard's event port.
    @OptionGroup public var events: EndpointOption<EventsSocket>
    /// `--control`: springboard's control socket.
    @OptionGroup public var control: EndpointOption<ControlSocket>
    /// `--runtime-dir`: where both endpoints are by default.
    @OptionGroup public var runtime: RuntimeDirectoryOptions
    /// `--curve-server-key` and `--curve-key`.
    @OptionGroup public var curve: CurveOptions

    /// `--sender-id`: the id stamped on every frame; nil lets the sender derive a fresh one per run, so
    /// springboard never mixes one run's sequence numbers (and end marker) with an earlier run's.
    @Option(
        name: .long,
        help: "The sender id stamped on every frame, decimal or hex (0x...) (default: derived from the pid and a random number).",
        transform: { text in
            guard let id = SenderID.parse(text) else { throw ValidationError("\"\(text)\" is not \(SenderID.expected)") }
            return id
        })
    public var senderID: UInt64?

    /// Options at their defaults.
    public init() {}

    /// The event port, from `--events` or the runtime directory.
    public var eventEndpoint: String { events.resolved(runtime) }
    /// The control socket, from `--control` or the runtime directory.
    public var controlEndpoint: String { control.resolved(runtime) }
}
