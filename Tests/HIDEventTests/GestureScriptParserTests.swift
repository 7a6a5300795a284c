import GestureScript
import HIDEvent
import XCTest

final class GestureScriptParserTests: XCTestCase {
    func testParsesEveryCommandWithExactTimesAndLocations() throws {
        let script = try GestureScript.parse(
            """
            # comment line

            at 0.000 tap 150 300                 # down, then up 0.05 s later
            at 0.5 tap 1 2 fingers 3 duration 0.25
            at 1.000 drag 100 400->100 100 duration 0.3 steps 10
            at 2.016 down 1 100.5 -20 ; at 2.1 move 1 3 4;at 2.2 up 1
            at 2.3 down 2 0 0 ; at 2.4 cancel 2
            at 3 press lock ; at 3.5 button volumeDown down ; at 3.6 button volumeDown up
            at 4 shake duration 1.5
            at 5 swipe right from 10 20 duration 0.2 distance 50
            at 6 pinch 1 2 from 3 to 4 duration 0.5 steps 5
            at 7 rotate 1 2 radius 3 by -0.5 duration 0.1
            at 0.000000001 shake
            """)
        let p = { (x: Float, y: Float) in GesturePoint(x: x, y: y) }
        XCTAssertEqual(
            script.entries.map(\.command),
            [
                .tap(at: p(150, 300), fingers: 1, duration: 50_000_000),
                .tap(at: p(1, 2), fingers: 3, duration: 250_000_000),
                .drag(from: p(100, 400), to: p(100, 100), duration: 300_000_000, steps: 10),
                .down(finger: 1, at: p(100.5, -20)), .move(finger: 1, to: p(3, 4)), .up(finger: 1),
                .down(finger: 2, at: p(0, 0)), .cancel(finger: 2),
                .press(.lock), .button(.volumeDown, down: true), .button(.volumeDown, down: false),
                .shake(duration: 1_500_000_000),
                .swipe(.right, from: p(10, 20), distance: 50, duration: 200_000_000, steps: 12),
                .pinch(center: p(1, 2), from: 3, to: 4, duration: 500_000_000, steps: 5),
                .rotate(center: p(1, 2), radius: 3, radians: -0.5, duration: 100_000_000, steps: 6),
                .shake(duration: 500_000_000),
            ])
        XCTAssertEqual(
            script.entries.map(\.time),
            [
                0, 500_000_000, 1_000_000_000, 2_016_000_000, 2_100_000_000, 2_200_000_000, 2_300_000_000, 2_400_000_000,
                3_000_000_000, 3_500_000_000, 3_600_000_000, 4_000_000_000, 5_000_000_000, 6_000_000_000, 7_000_000_000, 1,
            ])
        XCTAssertEqual(script.entries[4].line, 6)
        XCTAssertEqual(script.entries[4].column, 36)
        XCTAssertEqual(script.entries[5].column, 54)
    }

    private func assertError(
        _ text: String, line: Int, column: Int, expected: String, found: String,
        file: StaticString = #filePath, lineNumber: UInt = #line
    ) {
        XCTAssertThrowsError(try GestureScript.parse(text), file: file, line: lineNumber) { error in
            XCTAssertEqual(
                error as? GestureScriptError,
                GestureScriptError(line: line, column: column, expected: expected, found: found), file: file, line: lineNumber)
        }
    }

    func testSyntaxErrorsNameLineColumnAndWhatWasExpected() {
        assertError("tap 1 2", line: 1, column: 1, expected: "'at' and a time in seconds", found: "'tap'")
        assertError(
            "# ok\nat x tap 1 2", line: 2, column: 4,
            expected: "a time in seconds after 'at' (a decimal like 1.25, at most 9 digits after the point)", found: "'x'")
        assertError(
            "at 1.0000000001 tap 1 2", line: 1, column: 4,
            expected: "a time in seconds after 'at' (a decimal like 1.25, at most 9 digits after the point)",
            found: "'1.0000000001'")
        assertError(
            "at 1 jump 1 2", line: 1, column: 6,
            expected: "a command (tap, drag, swipe, pinch, rotate, down, move, up, cancel, press, button, shake)", found: "'jump'"
        )
        assertError("at 1 tap 150", line: 1, column: 13, expected: "a y coordinate after the x coordinate", found: "end of line")
        assertError("at 1 tap 150 abc", line: 1, column: 14, expected: "a y coordinate after the x coordinate", found: "'abc'")
        assertError(
            "at 1 tap 1 2 fingers 2 fingers 3", line: 1, column: 24,
            expected: "'duration', 'taps', 'interval', ';' or end of line",
            found: "'fingers'")
        assertError("at 1 drag 1 2 3 4 duration 1", line: 1, column: 15, expected: "'->'", found: "'3'")
        assertError("at 1 drag 1 2 -> 3 4", line: 1, column: 21, expected: "'duration'", found: "end of line")
        assertError(
            "at 1 swipe sideways from 1 2", line: 1, column: 12, expected: "a direction (up, down, left, right)",
            found: "'sideways'")
        assertError(
            "at 1 press power", line: 1, column: 12, expected: "a button (home, lock, volumeUp, volumeDown)", found: "'power'")
        assertError("at 1 button home pressed", line: 1, column: 18, expected: "'down' or 'up'", found: "'pressed'")
        assertError("at 1 up 1 2", line: 1, column: 11, expected: "';' or end of line", found: "'2'")
        assertError("at 1 down 1 nan 2", line: 1, column: 13, expected: "an x coordinate after the finger id", found: "'nan'")
        assertError("\n\n   at 1 tap 1 2 fingers 11", line: 3, column: 9, expected: "1...10 fingers", found: "11")
        assertError("at 1 drag 1 2 -> 3 4 duration 1 steps 0", line: 1, column: 6, expected: "1...10000 steps", found: "0")
        assertError("at 1 down 1000 1 2", line: 1, column: 6, expected: "a finger id 1...999", found: "1000")
    }

    func testImpossibleFingerSequencesAreErrorsAtTheCommand() {
        assertError(
            "at 1 down 1 0 0\nat 2 down 1 5 5", line: 2, column: 6,
            expected: "finger 1 to be up before going down", found: "it is already down at 2.000 s")
        // Out of source order: times decide.
        assertError(
            "at 2 move 3 1 1\nat 3 down 3 0 0", line: 1, column: 6,
            expected: "finger 3 to be down", found: "it is not down at 2.000 s")
        assertError(
            "at 1 down 1 0 0 ; at 1.5 up 1 ; at 1.5 down 1 2 2", line: 1, column: 40,
            expected: "a later time for finger 1 to go down again", found: "it lifts and goes down at 1.500 s")
        assertError("at 1 cancel 4", line: 1, column: 6, expected: "finger 4 to be down", found: "it is not down at 1.000 s")
        let many = (1...33).map { "at 1 down \($0) 0 0" }.joined(separator: "\n")
        assertError(many, line: 33, column: 6, expected: "at most 32 fingers down", found: "33 at 1.000 s")
    }

    func testBuilderErrors() {
        XCTAssertThrowsError(try GestureScript.tap(x: 1, y: 2, at: -1)) {
            XCTAssertEqual(
                $0 as? GestureScriptError,
                GestureScriptError(line: 0, column: 0, expected: "a time of 0...10000000 seconds", found: "-1.0"))
        }
        XCTAssertThrowsError(try GestureScript.tap(x: .nan, y: 2)) {
            XCTAssertEqual(($0 as? GestureScriptError)?.expected, "finite coordinates")
        }
        XCTAssertThrowsError(try GestureScript.tap(x: 1, y: 2, fingers: 20).appending(GestureScript.tap(x: 1, y: 1, fingers: 20)))
        {
            XCTAssertEqual(($0 as? GestureScriptError)?.expected, "1...10 fingers")
        }
        XCTAssertEqual(
            String(describing: GestureScriptError(line: 3, column: 9, expected: "'->'", found: "'3'")),
            "line 3, column 9: expected '->', found '3'")
    }
}
