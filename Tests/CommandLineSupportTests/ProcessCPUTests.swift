import CommandLineSupport
import XCTest
#if canImport(Glibc)
    import Glibc
#endif

/// `ProcessCPU` (a process's CPU time from /proc) and `CPUCost` (what a load report says per frame).
final class ProcessCPUTests: XCTestCase {
    func testStatFieldsAreCountedAfterTheCommandsLastParenthesis() {
        // The command may hold spaces and parentheses; utime 250 and stime 50 ticks at 100 ticks/s.
        let stat = "1234 ((a) b)) S 1 1234 1234 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 1 0 100 1000 100"
        XCTAssertEqual(ProcessCPU.nanoseconds(stat: stat, ticksPerSecond: 100), 3_000_000_000)
        XCTAssertNil(ProcessCPU.nanoseconds(stat: "1234 (no closing parenthesis S 1", ticksPerSecond: 100))
        XCTAssertNil(ProcessCPU.nanoseconds(stat: "1234 (short) S 1 2 3", ticksPerSecond: 100))
    }

    func testThisProcessIsReadAndAPidOfAnotherNameOrNoProcessIsNot() throws {
        #if os(Linux)
            XCTAssertNotNil(ProcessCPU.nanoseconds())
            let own = try XCTUnwrap(ProcessCPU.nanoseconds(pid: getpid()))
            var spin: UInt64 = 0
            let until = ProcessCPU.nanoseconds()! + 30_000_000  // 30 ms of CPU: three clock ticks
            while ProcessCPU.nanoseconds()! < until { spin &+= 1 }
            XCTAssertGreaterThan(try XCTUnwrap(ProcessCPU.nanoseconds(pid: getpid())), own, "spun \(spin) times")
            XCTAssertNil(ProcessCPU.nanoseconds(pid: getpid(), named: "springboard"), "this process is not springboard")
            XCTAssertNil(ProcessCPU.nanoseconds(pid: Int32.max), "no such process")
        #endif
    }

    func testCostIsPerFrameWithATotalAndReadsAsOneLine() {
        let cost = CPUCost(frames: 1000, nanoseconds: ["source": 1_000_000, "app": 3_000_000])
        XCTAssertEqual(cost.frames, 1000)
        XCTAssertEqual(cost.microsecondsPerFrame, ["source": 1, "app": 3, "total": 4])
        XCTAssertEqual(cost.seconds, ["source": 0.001, "app": 0.003])
        XCTAssertEqual(
            cost.line(order: ["source", "springboard", "app"]),
            "CPU per delivered frame: source 1.00 µs, app 3.00 µs; total 4.00 µs")
        XCTAssertEqual(CPUCost(frames: 0, nanoseconds: ["source": 5]).microsecondsPerFrame, ["source": 0, "total": 0])
    }
}
