import Foundation
import XCTest

/// The DocC tutorials' code (TouchPipelineTesting.docc/Resources) is this directory's tests: a tutorial's last
/// step is its test file, byte for byte, and every earlier step is a later one with lines left out, so no step
/// shows code that the suite does not compile and run.
final class TutorialCodeTests: XCTestCase {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let catalog = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/TouchPipelineTesting/TouchPipelineTesting.docc")

    /// Each tutorial's steps by their files' prefix, and the test file its last step is.
    static let tutorials = [
        ("TablePuzzle", "table-puzzle", "TablePuzzleTutorialTests.swift"),
        ("KeyboardTap", "keyboard-tap", "KeyboardTapTutorialTests.swift"),
    ]

    private func text(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    /// The files a tutorial's `@Code(file:)` directives name, in order.
    private func stepFiles(of tutorial: String) throws -> [String] {
        let source = try text(Self.catalog.appendingPathComponent("\(tutorial).tutorial"))
        let pattern = try NSRegularExpression(pattern: #"@Code\(name: "[^"]+", file: "([^"]+)"\)"#)
        return pattern.matches(in: source, range: NSRange(source.startIndex..., in: source)).compactMap { match in
            Range(match.range(at: 1), in: source).map { String(source[$0]) }
        }
    }

    /// Whether every line of `part` occurs in `whole`, in the same order.
    private func isSubsequence(_ part: [Substring], of whole: [Substring]) -> Bool {
        var rest = whole[...]
        for line in part {
            guard let index = rest.firstIndex(of: line) else { return false }
            rest = rest[(index + 1)...]
        }
        return true
    }

    func testEveryTutorialStepIsItsTestWithLinesLeftOut() throws {
        for (tutorial, prefix, testFile) in Self.tutorials {
            let files = try stepFiles(of: tutorial)
            XCTAssertEqual(files, (1...files.count).map { String(format: "\(prefix)-%02d.swift", $0) }, tutorial)
            let steps = try files.map { try text(Self.catalog.appendingPathComponent("Resources/\($0)")) }
            XCTAssertGreaterThan(steps.count, 1, tutorial)
            XCTAssertEqual(steps.last, try text(Self.here.appendingPathComponent(testFile)), "\(tutorial): last step")
            for (index, pair) in zip(steps, steps.dropFirst()).enumerated() {
                let (earlier, later) = pair
                XCTAssertNotEqual(earlier, later, "\(files[index]) adds nothing")
                XCTAssertTrue(
                    isSubsequence(earlier.split(separator: "\n"), of: later.split(separator: "\n")),
                    "\(files[index]) is not \(files[index + 1]) with lines left out")
            }
        }
    }
}
