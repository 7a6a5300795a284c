import Explorer
import Foundation
import TestSupport
import XCTest

/// The explorer's engine without a browser or a server: pointer messages in, steps and refusals out.
final class ExplorerSessionTests: XCTestCase {
    private func scene(_ name: String) -> URL { SharedPaths.packageRoot.appendingPathComponent("deploy/scenes/\(name)") }

    private func pointer(_ phase: String, _ id: Int, _ x: Double, _ y: Double, _ t: Double) -> String {
        #"{"type":"pointer","phase":"\#(phase)","id":\#(id),"x":\#(x),"y":\#(y),"t":\#(t)}"#
    }

    private func decode(_ json: String) throws -> ExplorerMessage {
        try JSONDecoder().decode(ExplorerMessage.self, from: Data(json.utf8))
    }

    func testATapOnEReportsThePathTheChainAndETouches() throws {
        let engine = ExplorerEngine(target: try HeadlessSession(scenes: [scene("abcdef.yaml")]))
        let down = try decode(engine.handle(pointer("down", 1, 115, 495, 1000)))
        let finger = try XCTUnwrap(down.variants?[0][0].fingers.first)
        XCTAssertEqual(
            finger.path.map { $0.label + ($0.skipped.map { " (skipped, \($0))" } ?? "") },
            ["UIWindow #window", "AView #A", "CView #C", "FView #F (skipped, outside)", "EView #E"])
        XCTAssertEqual(finger.path[3].reason, "pointInside NO: outside bounds")
        XCTAssertEqual(finger.chosenLabel, "EView #E")
        XCTAssertEqual(finger.chain, ["EView", "CView", "AView", "UIViewController", "UIWindow", "UIApplication", "AppDelegate"])
        let up = try decode(engine.handle(pointer("up", 1, 115, 495, 1050)))
        let step = try XCTUnwrap(up.variants?[0].first)
        XCTAssertEqual(step.time, 1_050_000_000)  // the page's 50 ms on the manual clock, from 1 s
        XCTAssertEqual(step.trace.last?.explained, "-[EView touchesEnded:withEvent:] touch#1 ended (115,495) (calls super)")
        XCTAssertEqual(step.trace.last?.view, finger.chosen)
    }

    func testRefusalsNameTheProblemAndAreCounted() throws {
        let engine = ExplorerEngine(target: try HeadlessSession(scenes: [scene("abcdef.yaml")]))
        let cases: [(String, String, String)] = [
            ("{", "malformed", "not a JSON object"),
            (#"{"type":"pointer","phase":"down","id":"one","x":1,"y":1,"t":1}"#, "malformed", "field 'id': expected a number"),
            (#"{"type":"wave"}"#, "malformed", "type 'wave' is not pointer, advance, play or reset"),
            (pointer("down", 1, 500, 10, 1), "badPointer", "point (500.0, 10.0) is off the screen (0...390, 0...844)"),
            (pointer("move", 4, 10, 10, 1), "badPointer", "pointer 4 is not down"),
            (String(repeating: " ", count: 300_000), "tooLarge", "message of 300000 bytes; at most 262144 are read"),
        ]
        for (message, code, reason) in cases {
            let reply = try decode(engine.handle(message))
            XCTAssertEqual(reply.type, "refused")
            XCTAssertEqual(reply.code, code)
            XCTAssertEqual(reply.refusal, reason)
        }
        _ = engine.handle(pointer("down", 1, 10, 10, 100))
        let backwards = try decode(engine.handle(pointer("move", 1, 12, 10, 50)))
        XCTAssertEqual(backwards.refusal, "time goes backwards (50.0 ms after 100.0 ms)")
        let twice = try decode(engine.handle(pointer("down", 1, 12, 10, 150)))
        XCTAssertEqual(twice.refusal, "pointer 1 is already down")
        XCTAssertEqual(engine.counters.snapshot["refused.malformed"], 3)
        XCTAssertEqual(engine.counters.snapshot["refused.badPointer"], 4)
        XCTAssertEqual(engine.counters.snapshot["refused.tooLarge"], 1)
        XCTAssertEqual(engine.counters.snapshot["messages"], 1)
    }

    func testSideBySideMarksTheStepsWhoseTracesDiffer() throws {
        let session = try HeadlessSession(scenes: [scene("table-puzzle.yaml"), scene("table-tap-no-cancel.yaml")])
        let script = try String(
            contentsOf: scene("scripts/table-puzzle-quick-tap.gesture"), encoding: .utf8)
        let run = try session.handle(.play(name: "quick tap", text: script))
        XCTAssertEqual(run.type, "run")
        XCTAssertEqual(run.variants?.map(\.count), [3, 3])  // down, up, the second after
        XCTAssertEqual(run.differences, [0, 1])
        let texts = (run.variants ?? []).map { $0.flatMap(\.trace).map(\.text) }
        XCTAssertTrue(texts[0].contains("View Taped") && !texts[0].contains("didSelectRowAt 2"))
        XCTAssertTrue(texts[1].contains("didSelectRowAt 2"))
    }

    func testANonLoopbackAddressNeedsTheTokenOption() throws {
        XCTAssertThrowsError(try ExplorerServerConfiguration(host: "0.0.0.0", port: 0))
        let open = try ExplorerServerConfiguration(host: "0.0.0.0", port: 0, allowRemote: true)
        XCTAssertEqual(open.token?.count, 32)
        XCTAssertNil(try ExplorerServerConfiguration(host: "127.0.0.1", port: 0).token)
    }
}
