import Foundation
import TestSupport
import TouchRecording
import XCTest

/// One exit-status rule for the four command lines (docs/usage.md, "Exit statuses"): 64 a bad option or
/// argument with one usage line, 65 input refused, 66 input missing, 69 springboard not answering, 73 an output
/// not written; each `--help` says so. And the silent nothings of a replay: a `--from`/`--to` window with
/// nothing in it is an error naming the recording's length; a replay onto the home screen is said.
final class ExitStatusTests: PipelineTestCase {
    private var scenes: String { SharedPaths.packageRoot.appendingPathComponent("deploy/scenes").path }

    /// 1.434 s of one finger dragging up and down.
    private var recording: String {
        get throws {
            try EvemuRecording.recordingsDirectory().appendingPathComponent(
                "evemu-devices/ep0430m09.1-finger-drag-up-down.events"
            ).path
        }
    }

    func testEveryHelpEndsWithTheRule() throws {
        for tool in ["hid-source", "springboard", "app-host", "sbctl"] {
            let help = try fixture.runTool(tool, ["--help"])
            XCTAssertEqual(help.status, 0, tool)
            let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            XCTAssertTrue(
                text.contains(
                    "64 bad option or argument (with one usage line), 65 input refused (a file that cannot be used as it is), "
                        + "66 input file missing or unreadable, 69 springboard not answering (or not able to start), "
                        + "70 internal error, 73 output file cannot be written."), "\(tool): \(help.stdout)")
        }
        // `load` paces with --rate and always sends: the script options are not its options.
        let load = try fixture.runTool("hid-source", ["load", "--help"])
        for option in ["--speed", "--repeat-count", "--write"] {
            XCTAssertFalse(load.stdout.contains(option), "load --help lists \(option)")
        }
        XCTAssertTrue(try fixture.runTool("hid-source", ["replay", "--help"]).stdout.contains("--speed"))
    }

    func testHIDSource() throws {
        let usage = try fixture.hidSource("tap", "nan", "3")
        XCTAssertEqual(usage.status, 64)
        XCTAssertEqual(
            usage.stderr,
            "Error: 'nan' is not a coordinate (a finite number of points)\n"
                + "Usage: hid-source tap [<options>] [<coordinates> ...]\n  See 'hid-source tap --help'.\n",
            "one usage line, not the whole help")
        let missing = try fixture.hidSource("replay", "/nonexistent.events")
        XCTAssertEqual(missing.status, 66)
        XCTAssertEqual(missing.stderr, "Error: /nonexistent.events: no such file\n")
        let script = fixture.directory.appendingPathComponent("bad.gesture")
        try "at 1 wiggle 3\n".write(to: script, atomically: true, encoding: .utf8)
        let refused = try fixture.hidSource("play", script.path)
        XCTAssertEqual(refused.status, 65)
        XCTAssertTrue(refused.stderr.hasPrefix("Error: \(script.path): line 1"), refused.stderr)
        XCTAssertFalse(refused.stderr.contains("Usage:"), refused.stderr)
        let notEvemu = try fixture.hidSource("replay", script.path)
        XCTAssertEqual(notEvemu.status, 65)
        XCTAssertEqual(
            notEvemu.stderr, "Error: \(script.path): not an evemu recording (no '# EVEMU' banner or N:/I:/A:/E: lines)\n")
        let endpoint = try fixture.hidSource("tap", "10", "10", "--events", "bogus")
        XCTAssertEqual(endpoint.status, 64, "an endpoint libzmq cannot read is a bad argument")
        XCTAssertEqual(
            endpoint.stderr,
            "Error: zmq_connect(bogus): Invalid argument (errno 22) (an endpoint is ipc://PATH or tcp://HOST:PORT)\n")
        let unconfirmed = try fixture.hidSource("tap", "10", "10", "--confirm-timeout", "100")
        XCTAssertEqual(unconfirmed.status, 69)
        let unwritable = try fixture.hidSource("tap", "10", "10", "--write", "/nonexistent/tap.evemu")
        XCTAssertEqual(unwritable.status, 73)
        XCTAssertTrue(unwritable.stderr.hasPrefix("Error: cannot write /nonexistent/tap.evemu"), unwritable.stderr)
        let loadSpeed = try fixture.hidSource("load", "--count", "1", "--speed", "2")
        XCTAssertEqual(loadSpeed.status, 64)
        XCTAssertTrue(loadSpeed.stderr.hasPrefix("Error: Unknown option '--speed'"), loadSpeed.stderr)
    }

    /// `--from 5 --to 6` on a 1.434 s recording sent 0 frames and exited 0; now it says why not.
    func testAReplayWindowWithNothingInItIsAnError() throws {
        let past = try fixture.hidSource("replay", try recording, "--from", "5", "--to", "6")
        XCTAssertEqual(past.status, 64)
        XCTAssertTrue(
            past.stderr.hasPrefix("Error: --from 5 is past the end: the recording is 1.434 s long\n"), past.stderr)
        let empty = try fixture.hidSource("replay", try recording, "--from", "1.43", "--to", "1.433")
        XCTAssertEqual(empty.status, 64)
        XCTAssertTrue(
            empty.stderr.hasPrefix(
                "Error: nothing to play in --from 1.43 --to 1.433: the recording is 1.434 s long and no finger changes there\n"),
            empty.stderr)
        // The same options, the same rule, headless.
        let headless = try fixture.runTool(
            "app-host", ["run", "\(scenes)/abcdef.yaml", "--input", try recording, "--from", "5"])
        XCTAssertEqual(headless.status, 64)
        XCTAssertTrue(headless.stderr.hasPrefix("Error: --from 5 is past the end"), headless.stderr)
    }

    /// A replay while the home screen shows goes to the home screen: said, and played.
    func testAReplayOntoTheHomeScreenIsSaid() throws {
        try fixture.startSpringBoard()
        let result = try fixture.hidSource("replay", try recording, "--speed", "0")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "hid-source: note: the home screen is in front (page 1 of 1): the recording's touches go to the home "
                + "screen, not an app (bring one forward with `sbctl foreground BUNDLE_ID`)\n")
    }

    func testAppHost() throws {
        let missing = try fixture.runTool("app-host", ["run", "/nonexistent.yaml", "--input", "x"])
        XCTAssertEqual(missing.status, 66)
        XCTAssertEqual(missing.stderr, "Error: /nonexistent.yaml: no such file\n")
        let scene = fixture.directory.appendingPathComponent("typo.yaml")
        try "windows:\n  - subviews:\n      - {alpah: 0.5}\n".write(to: scene, atomically: true, encoding: .utf8)
        let refused = try fixture.runTool("app-host", ["tree", scene.path])
        XCTAssertEqual(refused.status, 65)
        XCTAssertTrue(
            refused.stderr.hasPrefix(
                "Error: \(scene.path):3: windows[0].subviews[0].alpah: unknown key; did you mean 'alpha'? (expected one of: alpha, "
            ),
            refused.stderr)
        let unwritable = try fixture.runTool(
            "app-host", ["render", "\(scenes)/abcdef.yaml", "--out", "/nonexistent/abcdef.svg"])
        XCTAssertEqual(unwritable.status, 73)
        let usage = try fixture.runTool("app-host", ["explain", "\(scenes)/abcdef.yaml", "1"])
        XCTAssertEqual(usage.status, 64)
        XCTAssertTrue(usage.stderr.contains("\nUsage: app-host explain "), usage.stderr)
        XCTAssertEqual(usage.stderr.split(separator: "\n").count, 3, usage.stderr)
    }

    /// Plain `app-host run` prints each line after its time, as protocols/puzzles.md shows traces.
    func testAppHostRunPrintsTimes() throws {
        let arguments = [
            "run", "\(scenes)/table-puzzle.yaml", "--input", "\(scenes)/scripts/table-puzzle-short-press.gesture", "--only",
            "touches,actions",
        ]
        let timed = try fixture.runTool("app-host", arguments)
        XCTAssertEqual(timed.status, 0, timed.stderr)
        XCTAssertEqual(
            timed.stdout,
            """
            1.00 -[LXFTapGestureRecognizer touchesBegan:withEvent:]
            1.15 -[PuzzleCell touchesBegan:withEvent:]
            1.15 didHighlightRowAt 2
            1.30 -[LXFTapGestureRecognizer touchesEnded:withEvent:]
            1.30 View Taped
            1.30 -[PuzzleCell touchesCancelled:withEvent:]
            1.30 didUnhighlightRowAt 2

            """)
        let plain = try fixture.runTool("app-host", arguments + ["--no-times"])
        XCTAssertTrue(plain.stdout.hasPrefix("-[LXFTapGestureRecognizer touchesBegan:withEvent:]\n"), plain.stdout)
    }

    func testSbctlAndSpringBoard() throws {
        let down = try fixture.sbctl("status", "--timeout", "100")
        XCTAssertEqual(down.status, 69)
        XCTAssertEqual(try fixture.runTool("sbctl", ["status", "--control", "bogus"]).status, 64)
        let usage = try fixture.runTool("sbctl", ["bogus"])
        XCTAssertEqual(usage.status, 64)
        XCTAssertEqual(usage.stderr, "Error: Unexpected argument 'bogus'\nUsage: sbctl <subcommand>\n  See 'sbctl --help'.\n")
        let keys = try fixture.runTool("sbctl", ["keygen", "/nonexistent/key"])
        XCTAssertEqual(keys.status, 73)
        let ensemble = try fixture.runTool("springboard", ["--print-ensemble", "/nonexistent.yaml"])
        XCTAssertEqual(ensemble.status, 66)
        XCTAssertEqual(ensemble.stderr, "Error: /nonexistent.yaml: no such file\n")
    }
}
