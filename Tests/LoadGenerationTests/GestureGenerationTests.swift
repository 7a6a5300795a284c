import HIDEvent
import XCTest

@testable import LoadGeneration

/// `--mix`, `--duration` and the frames a load run generates from them.
final class GestureGenerationTests: XCTestCase {
    func testAMixParsesWeightsAndPicksByCumulativeRange() throws {
        let mix = try GestureMix(parsing: "drag=8, tap=1,pinch=1")
        XCTAssertEqual(mix, GestureMix.standard)
        XCTAssertEqual(mix.description, "drag=8,tap=1,pinch=1")
        // Rolls 0...7 are drags, 8 a tap, 9 a pinch; the roll is taken modulo the total.
        XCTAssertEqual([0, 7, 8, 9, 10, 19].map { mix.pick($0) }, [.drag, .drag, .tap, .pinch, .drag, .pinch])
        XCTAssertEqual(try GestureMix(parsing: "tap=0,pinch=3").pick(2), .pinch)
    }

    func testAMixThatCannotBeReadNamesWhatIsWrong() {
        func problem(_ text: String) -> String? {
            do { _ = try GestureMix(parsing: text) } catch { return error.description }
            return nil
        }
        XCTAssertEqual(problem("drag"), "--mix: \"drag\" is not name=weight (e.g. drag=8,tap=1,pinch=1)")
        XCTAssertEqual(problem("swipe=1"), "--mix: unknown gesture \"swipe\" (known: drag, tap, pinch)")
        XCTAssertEqual(problem("tap=1,tap=2"), "--mix: tap is given twice")
        XCTAssertEqual(problem("tap=-1"), "--mix: the weight in \"tap=-1\" must be a whole number >= 0")
        XCTAssertEqual(problem("tap=0,drag=0"), "--mix: at least one weight must be positive")
    }

    func testDurationsInMillisecondsSecondsMinutesOrPlainSeconds() {
        XCTAssertEqual(LoadDuration(parsing: "500ms")?.nanoseconds, 500_000_000)
        XCTAssertEqual(LoadDuration(parsing: "10s")?.nanoseconds, 10_000_000_000)
        XCTAssertEqual(LoadDuration(parsing: "2m")?.nanoseconds, 120_000_000_000)
        XCTAssertEqual(LoadDuration(parsing: "1.5")?.nanoseconds, 1_500_000_000)
        XCTAssertEqual(LoadDuration(parsing: "1.5")?.seconds, 1.5)
        for text in ["0", "-1s", "abc", "10h", "", "inf"] { XCTAssertNil(LoadDuration(parsing: text), text) }
        // The number alone, for the command's message: "-1s" is a number, just not a positive one.
        XCTAssertEqual(LoadDuration.number("-1s")?.value, -1)
        XCTAssertEqual(LoadDuration.number("-1s")?.scale, 1e9)
        XCTAssertNil(LoadDuration.number("ten"))
    }

    func testAPlanMovesItsFingersLinearlyAndHoldsThemAtTheEnd() {
        let plan = GesturePlan(
            kind: .drag, starts: [(x: 10, y: 20), (x: 40, y: 20)], ends: [(x: 30, y: 60), (x: 60, y: 60)], moves: 4)
        XCTAssertEqual(plan.fingerCount, 2)
        XCTAssertTrue(plan.position(0, step: 0) == (x: 10, y: 20))
        XCTAssertTrue(plan.position(0, step: 2) == (x: 20, y: 40))
        XCTAssertTrue(plan.position(1, step: 4) == (x: 60, y: 60))
        XCTAssertTrue(plan.position(1, step: 5) == (x: 60, y: 60))  // the up lifts where the last move was
        let tap = GesturePlan(kind: .tap, starts: [(x: 5, y: 6)], ends: [(x: 5, y: 6)], moves: 0)
        XCTAssertTrue(tap.position(0, step: 1) == (x: 5, y: 6))
    }

    func testATapIsADownThenAnUpOfEveryFingerAtTheSamePlace() throws {
        var generator = FrameGenerator(mix: try GestureMix(parsing: "tap=1"), fingers: 2, seed: 7)
        var buffer: [UInt8] = []
        let down = try generator.next(sequence: 1, senderID: 9, last: false, into: &buffer)
        let first = try digitizer(buffer, sequence: 1, senderID: 9)
        let up = try generator.next(sequence: 2, senderID: 9, last: false, into: &buffer)
        let second = try digitizer(buffer, sequence: 2, senderID: 9)
        let next = try generator.next(sequence: 3, senderID: 9, last: false, into: &buffer)

        XCTAssertEqual(down.began, .tap)
        XCTAssertFalse(down.lifted)
        XCTAssertNil(up.began)
        XCTAssertTrue(up.lifted)
        XCTAssertEqual(next.began, .tap)
        XCTAssertEqual(first.children.map(\.phase), [.began, .began])
        XCTAssertEqual(second.children.map(\.phase), [.ended, .ended])
        XCTAssertEqual(first.children.map(\.transducerIndex), [1, 2])
        XCTAssertEqual(first.children.map(\.tipPressure), [1, 1])
        XCTAssertEqual(second.children.map(\.tipPressure), [0, 0])
        XCTAssertEqual(second.children.map(\.x), first.children.map(\.x))
        XCTAssertEqual(second.children.map(\.y), first.children.map(\.y))
        // Side by side, 30 points apart, inside the bench app's screen less its margins.
        XCTAssertEqual(first.children[1].x - first.children[0].x, 30)
        XCTAssertEqual(first.children[0].y, first.children[1].y)
        XCTAssertTrue((15...375).contains(first.children[0].x) && (80...760).contains(first.children[0].y))
    }

    func testTheLastFrameOfARunLiftsAGestureUnderWay() throws {
        var generator = FrameGenerator(mix: try GestureMix(parsing: "drag=1"), fingers: 1, seed: 3)
        var buffer: [UInt8] = []
        XCTAssertEqual(try generator.next(sequence: 1, senderID: 1, last: false, into: &buffer).began, .drag)
        XCTAssertFalse(try generator.next(sequence: 2, senderID: 1, last: false, into: &buffer).lifted)
        XCTAssertTrue(try generator.next(sequence: 3, senderID: 1, last: true, into: &buffer).lifted)
        XCTAssertEqual(try digitizer(buffer, sequence: 3, senderID: 1).children.map(\.phase), [.ended])
    }

    func testTheSameSeedMakesTheSameFrames() throws {
        func frames(seed: UInt64) throws -> [[UInt8]] {
            var generator = FrameGenerator(mix: .standard, fingers: 3, seed: seed)
            var buffer: [UInt8] = []
            return try (1...200 as ClosedRange<UInt64>).map { sequence in
                _ = try generator.next(sequence: sequence, senderID: 1, last: false, into: &buffer)
                return buffer
            }
        }
        XCTAssertEqual(try frames(seed: 42), try frames(seed: 42))
        XCTAssertNotEqual(try frames(seed: 42), try frames(seed: 43))
    }

    private func digitizer(_ bytes: [UInt8], sequence: UInt64, senderID: UInt64) throws -> HIDDigitizerFrame {
        let message = try HIDDecoder.decode(bytes)
        XCTAssertEqual(message.envelope.sequence, sequence)
        XCTAssertEqual(message.envelope.senderID, senderID)
        guard case .digitizer(let frame) = message.payload else {
            XCTFail("not a digitizer frame: \(message.payload)")
            return HIDDigitizerFrame(fingers: [])
        }
        return frame
    }
}
