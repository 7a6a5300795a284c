import Benchmark
import Foundation
import HeadlessApp
import HIDEvent
import SpringBoardTesting

// The hot path's steady state, per move event (issue 27): heap allocations through malloc-interposer (the
// `MallocInterposer` trait), with wall clock and CPU beside them. `swift package benchmark` runs them; the
// deterministic figures of record are deploy/measure's (callgrind) and the allocation-count tests' (XCTest).
//   - app dispatch: the bench app (deploy/apps/bench: 50 views, a pan and a tap) dragged with 1 or 10
//     fingers; each iteration feeds one move through source1 → source0 → event queue → sendEvent.
//   - springboard routing: the embedded springboard reads one move, routes it to the foreground app and
//     sends it; the app's ack is read back every 64 moves (as a live app's cumulative acks).

private let benchScene = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("deploy/apps/bench/bench.yaml")

private let metrics: [BenchmarkMetric] = [.mallocCountTotal, .wallClock, .cpuTotal, .throughput]

/// One digitizer frame of `fingers` fingers in `change`, at row `step` of the drag.
private func frame(_ change: HIDFingerChange, fingers: UInt32, step: Int) -> HIDPayload {
    .digitizer(
        HIDDigitizerFrame(
            fingers: (1...fingers).map { finger in
                HIDDigitizerEvent(
                    finger: finger, change, x: 40 + Float(finger) * 30, y: 200 + Float(step % 400), identity: finger,
                    tipPressure: 1)
            }))
}

/// Moves per sample: each sample builds its app or springboard, puts the fingers down, warms up with 40 moves
/// (every buffer at its steady size), then measures this many.
private let burst = 100

private func appDispatch(fingers: UInt32) -> (Benchmark) -> Void {
    { benchmark in
        guard let runner = try? HeadlessAppRunner(sceneURL: benchScene) else {
            benchmark.error("cannot load \(benchScene.path)")
            return
        }
        runner.application.trace.retainsLines = false
        let moves = (1...(40 + burst)).map { frame(.move, fingers: fingers, step: $0) }
        var time: UInt64 = 1_000_000_000
        runner.feed(frame(.down, fingers: fingers, step: 0), at: time)
        for (index, move) in moves.enumerated() {
            if index == 40 { benchmark.startMeasurement() }
            time += 8_000_000
            runner.feed(move, at: time)
        }
        benchmark.stopMeasurement()
    }
}

private func springBoardRouting(fingers: UInt32) -> (Benchmark) -> Void {
    { benchmark in
        do {
            let sb = try EmbeddedSpringBoard()
            let app = try sb.registeredApp("com.example.bench")
            try sb.foreground("com.example.bench")
            _ = try app.receive()
            // Encoded before measuring (the source's work); sending one is a libzmq message, counted.
            var frames: [[UInt8]] = []
            for step in 0...(40 + burst) {
                let change: HIDFingerChange = step == 0 ? .down : .move
                let message = HIDMessage(
                    envelope: HIDEnvelope(
                        kind: .digitizer, sequence: UInt64(step + 1), senderID: sb.senderID,
                        timestamps: HIDHopTimestamps(hardware: sb.clock.now)),
                    payload: frame(change, fingers: fingers, step: step))
                frames.append(try HIDEncoder.encode(message))
            }
            for (step, bytes) in frames.enumerated() {
                if step == 41 { benchmark.startMeasurement() }
                try sb.sendRaw(bytes)
                sb.runUntilIdle()
                if step % 20 == 0 {  // a live app's cumulative acks
                    _ = try app.receive()
                    try app.ackAll()
                    sb.runUntilIdle()
                }
            }
            benchmark.stopMeasurement()
        } catch {
            benchmark.error("embedded springboard: \(error)")
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: metrics, warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 20)
    Benchmark("app dispatch, 100 one-finger moves", closure: appDispatch(fingers: 1))
    Benchmark("app dispatch, 100 ten-finger moves", closure: appDispatch(fingers: 10))
    Benchmark("springboard routing, 100 one-finger moves", closure: springBoardRouting(fingers: 1))
    Benchmark("springboard routing, 100 ten-finger moves", closure: springBoardRouting(fingers: 10))
}
