import LoadGeneration
import XCTest
#if canImport(Glibc)
    import Glibc
#endif

/// `ProcessCPU` (a process's CPU time from /proc), `CPUSampler` and `CPUCost` (what a load report says per frame).
final class ProcessCPUTests: XCTestCase {
    func testStatFieldsAreCountedAfterTheCommandsLastParenthesis() {
        // The command may hold spaces and parentheses; utime 250 and stime 50 ticks at 100 ticks/s, starttime 777.
        let stat = "1234 ((a) b)) S 1 1234 1234 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 1 0 777 1000 100"
        XCTAssertEqual(
            ProcessCPU.sample(stat: stat, ticksPerSecond: 100), ProcessCPU.Sample(nanoseconds: 3_000_000_000, startTime: 777))
        XCTAssertEqual(ProcessCPU.sample(stat: stat, named: "(a) b)", ticksPerSecond: 100)?.startTime, 777)
        XCTAssertNil(ProcessCPU.sample(stat: stat, named: "springboard", ticksPerSecond: 100), "another command")
        XCTAssertNil(ProcessCPU.sample(stat: "1234 (no closing parenthesis S 1", ticksPerSecond: 100))
        XCTAssertNil(ProcessCPU.sample(stat: "1234 (short) S 1 2 3", ticksPerSecond: 100))
    }

    func testThisProcessIsReadAndAPidOfAnotherNameOrNoProcessIsNot() throws {
        #if os(Linux)
            let sampler = CPUSampler.ownProcess("test")
            let own = try XCTUnwrap(ProcessCPU.nanoseconds(pid: getpid()))
            var spin: UInt64 = 0
            let until = own + 30_000_000  // 30 ms of CPU: three clock ticks
            while let now = ProcessCPU.nanoseconds(), now < until { spin &+= 1 }
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(sampler.elapsed()["test"]), 30_000_000, "spun \(spin) times")
            XCTAssertNil(ProcessCPU.nanoseconds(pid: getpid(), named: "springboard"), "this process is not springboard")
            XCTAssertNil(ProcessCPU.nanoseconds(pid: Int32.max), "no such process")
            XCTAssertEqual(CPUSampler([.init(name: "nobody", pid: Int32.max)]).elapsed(), [:], "left out")
        #endif
    }

    func testCostIsPerFrameWithATotalOnlyWhenEveryProcessWasMeasured() throws {
        let cost = try XCTUnwrap(
            CPUCost(frames: 1000, nanoseconds: ["source": 1_000_000, "app": 3_000_000], expected: ["source", "app"]))
        XCTAssertEqual(cost.frames, 1000)
        XCTAssertEqual(cost.microsecondsPerFrame, ["source": 1, "app": 3, "total": 4])
        XCTAssertEqual(cost.seconds, ["source": 0.001, "app": 0.003])
        XCTAssertNil(cost.missing)
        XCTAssertEqual(
            cost.line(order: ["source", "app"]), "CPU per delivered frame: source 1.00 µs, app 3.00 µs; total 4.00 µs")

        let partial = try XCTUnwrap(
            CPUCost(frames: 1000, nanoseconds: ["source": 1_000_000], expected: ["source", "springboard", "app"]))
        XCTAssertEqual(partial.microsecondsPerFrame, ["source": 1], "no total without every process")
        XCTAssertEqual(partial.missing, ["springboard", "app"])
        XCTAssertEqual(
            partial.line(order: ["source", "springboard", "app"]),
            "CPU per delivered frame: source 1.00 µs, springboard n/a, app n/a; no total")

        XCTAssertNil(CPUCost(frames: 0, nanoseconds: ["source": 5], expected: ["source"]), "no frame, no cost per frame")

        // A short run: the app read no clock tick at all (10 ms at 100 ticks/s, over 20,000 frames: 0.50 µs each).
        let short = try XCTUnwrap(
            CPUCost(frames: 20_000, nanoseconds: ["source": 20_000_000, "app": 0], expected: ["source", "app"]))
        XCTAssertEqual(short.microsecondsPerFrame, ["source": 1, "app": 0], "no total: the app's 0 is not a measurement")
        XCTAssertEqual(
            short.line(order: ["source", "app"], ticksPerSecond: 100),
            "CPU per delivered frame: source 1.00 µs, app <0.50 µs; no total (a process used less than one clock tick: run longer)"
        )
    }
}
