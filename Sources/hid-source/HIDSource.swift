import ArgumentParser
import CommandLineSupport
import ControlProtocol
import EventPortSending
import Foundation

/// `hid-source`: the hardware side. Sends HID frames to springboard's event port (PUSH -> PULL), ends every
/// run with an end marker and waits until springboard has read it (protocols/app-channel.md, "Event port").
@main
struct HIDSource: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hid-source",
        abstract: "Send touch frames and button presses to springboard.",
        discussion: ExitStatus.helpText(failure: "(load) frames unexplained or the app did not drain"),
        subcommands: [
            TapCommand.self, SwipeCommand.self, PressCommand.self, PlayCommand.self, ReplayCommand.self, InspectCommand.self,
            RecordCommand.self,
            LoadCommand.self,
        ])

    static func main() { CommandLineMain.run(Self.self) }
}

/// Where and as whom a hid-source sends (shared with `sbctl explore`), and how long it waits for springboard to
/// confirm its end marker: every subcommand that talks to springboard has these.
struct SourceConnection: ParsableArguments {
    @OptionGroup var source: EventSourceOptions

    @Option(name: .long, help: "Milliseconds to wait for springboard to confirm the end marker.")
    var confirmTimeout: Int = 2000

    @Flag(name: .long, help: "Print the report as JSON.")
    var json = false

    var eventEndpoint: String { source.eventEndpoint }
    var controlEndpoint: String { source.controlEndpoint }
    var curve: CurveOptions { source.curve }

    var runSenderID: UInt64 { source.senderID ?? HIDSourceStream.freshSenderID() }
}

/// Options of the subcommands that play a script or a recording (tap, swipe, press, play, replay): the
/// connection, and how the frames are played (`load` paces with --rate instead, and always sends).
struct SourceOptions: ParsableArguments {
    @OptionGroup var connection: SourceConnection

    @Option(name: .long, help: "Time scale: 1 plays at script speed, 2 twice as fast, 0 sends as fast as possible.")
    var speed: Double = 1

    @Option(name: .long, help: "Send the whole script this many times (sequences keep counting).")
    var repeatCount: Int = 1

    @Option(
        name: .long,
        help: "Write the frames to this file as an evemu recording instead of sending them (protocols/evemu-replay.md).")
    var write: String?

    @Option(name: .long, help: "The screen the written recording describes, WxH points.")
    var writeScreen: String = "390x844"

    var eventEndpoint: String { connection.eventEndpoint }
    var controlEndpoint: String { connection.controlEndpoint }
    var runSenderID: UInt64 { connection.runSenderID }
    var confirmTimeout: Int { connection.confirmTimeout }
    var json: Bool { connection.json }
    var curve: CurveOptions { connection.curve }
}
