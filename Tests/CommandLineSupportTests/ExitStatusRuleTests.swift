import CommandLineSupport
import XCTest

/// The shared exit-status rule and the one usage line a usage error prints.
final class ExitStatusRuleTests: XCTestCase {
    func testTheStatusesAreSysexits() {
        XCTAssertEqual(
            ExitStatus.allCases.map(\.rawValue), [0, 1, 64, 65, 66, 69, 70, 73], "sysexits(3): EX_USAGE ... EX_CANTCREAT")
        XCTAssertEqual(
            ExitStatus.helpText(failure: "springboard refused the request"),
            "Exit status: 0 ok, 1 springboard refused the request, 64 bad option or argument (with one usage line), "
                + "65 input refused (a file that cannot be used as it is), 66 input file missing or unreadable, "
                + "69 springboard not answering (or not able to start), 70 internal error, 73 output file cannot be written.")
        XCTAssertFalse(ExitStatus.helpText(failure: nil).contains(" 1 "))
    }

    /// Options fold into `[options]`; an option's value goes with it; positional arguments stay.
    func testShortUsageKeepsTheArguments() {
        XCTAssertEqual(
            CommandLineMain.shortUsage("app-host run <scene> --input <input> [--screen <screen>] [--json]"),
            "app-host run <scene> [options]")
        XCTAssertEqual(
            CommandLineMain.shortUsage("hid-source replay [<options>] <file>"), "hid-source replay [<options>] <file>")
        XCTAssertEqual(CommandLineMain.shortUsage("sbctl <subcommand>"), "sbctl <subcommand>")
    }

    func testAMissingFileIsNoInput() {
        XCTAssertThrowsError(try CommandError.read("/nonexistent/file")) { error in
            XCTAssertEqual((error as? CommandError)?.status, .noInput)
            XCTAssertEqual("\(error)", "/nonexistent/file: no such file")
        }
    }
}
