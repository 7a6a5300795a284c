import ArgumentParser

/// `hid-source`: the hardware side. Sends HID frames to springboard's event port (PUSH -> PULL), ends every
/// run with an end marker and waits until springboard has read it (protocols/app-channel.md, "Event port").
@main
struct HIDSource: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hid-source",
        abstract: "Send touch frames and button presses to springboard.",
        discussion:
            "Exit status: 0 every frame reached springboard, 1 (load) frames unexplained or the app did not drain, 3 springboard did not answer or confirm the end marker in time, 64 bad input.",
        subcommands: [
            TapCommand.self, SwipeCommand.self, PressCommand.self, PlayCommand.self, ReplayCommand.self, InspectCommand.self,
            RecordCommand.self,
            LoadCommand.self,
        ])
}
