import AppChannel
import ControlProtocol
import HIDEvent
import RunLoopKit
import XCTest
import ZeroMQ

@testable import SpringBoardCore

/// springboard's parts, each on its own: app delivery with a ROUTER of its own and a run loop it pauses, the
/// counters' sums, the rate-limited log.
final class SpringBoardPartsTests: XCTestCase {
    /// `AppDelivery` alone: a window of 2, a backpressure queue of 2. Two frames go, two wait, the event
    /// port's source leaves the loop; once the window is settled the queue is flushed and the source is back.
    func testAppDeliveryQueuesBehindAFullWindowAndPausesAndResumesTheEventPort() throws {
        let clock = ManualClock(now: 1_000_000_000)
        let context = try ZMQContext(ioThreads: 1)
        let router = try context.socket(.router)
        try router.setRouterMandatory(true)
        try router.bind("inproc://apps")
        let app = try context.socket(.dealer)
        try app.setRoutingID(Array("maps".utf8))
        try app.connect("inproc://apps")
        XCTAssertTrue(try app.send([0]))
        XCTAssertEqual(try router.receiveMultipart()?.last, [0])  // the ROUTER knows the app's routing id now
        let hardware = try context.socket(.push)
        let port = try context.socket(.pull)
        try port.bind("inproc://events")
        try hardware.connect("inproc://events")
        defer { for socket in [router, app, hardware, port] { socket.close() } }

        var configuration = SpringBoardConfiguration(eventEndpoint: "", appEndpoint: "", controlEndpoint: "")
        configuration.overload = .backpressure
        configuration.backpressureQueue = 2
        let counters = SpringBoardCounters(since: clock.now)
        let delivery = AppDelivery(
            socket: router, configuration: configuration, clock: clock, log: SpringBoardLog(clock: clock), counters: counters)
        let runLoop = EventRunLoop(clock: clock)
        let eventSource = RunLoopSource1(port: .zmq(port)) {}
        delivery.controlEventPort(eventSource, on: runLoop)
        let registry = AppRegistry(windowCapacity: 2, outboundCapacity: 64, minimumWindow: 2)
        let maps = registry.register(bundleID: "maps", displayName: "Maps", pid: 1, heartbeatInterval: 0, now: clock.now)

        let message = ZMQMessage()
        var outcomes: [AppDelivery.Outcome] = []
        for (sequence, change) in [(1, HIDFingerChange.down), (2, .move), (3, .move), (4, .move)] {
            let frame = HIDMessage(
                envelope: HIDEnvelope(kind: .digitizer, sequence: UInt64(sequence), senderID: 7),
                payload: .digitizer(
                    HIDDigitizerFrame(fingers: [HIDDigitizerEvent(finger: 1, change, x: Float(sequence), y: 0, tipPressure: 1)])))
            XCTAssertTrue(try hardware.send(HIDEncoder.encode(frame)))
            XCTAssertTrue(try port.receive(into: message))
            try message.withUnsafeMutableBytes { raw in
                let view = try HIDMessageView(validating: UnsafeRawBufferPointer(raw))
                outcomes.append(
                    delivery.forward(message, raw, view, inPlace: false, to: maps, kind: change == .down ? .touchChange : .move))
            }
        }
        XCTAssertEqual(outcomes, [.taken, .taken, .taken, .taken])
        XCTAssertEqual([maps.window.count, maps.outbound.count], [2, 2])
        XCTAssertEqual(maps.counters.samplesSent, 2)
        XCTAssertTrue(delivery.isEventPortPaused)
        XCTAssertFalse(runLoop.contains(eventSource, mode: .common))
        XCTAssertEqual(counters.eventPortPauses, 1)
        var received = 0
        while try app.receive(dontWait: true) != nil { received += 1 }
        XCTAssertEqual(received, 2)

        XCTAssertEqual(maps.window.settle(through: 2), 2)
        delivery.flushOutbound(maps)
        XCTAssertEqual([maps.window.count, maps.outbound.count], [2, 0])
        XCTAssertFalse(delivery.isEventPortPaused)
        XCTAssertTrue(runLoop.contains(eventSource, mode: .common))
        XCTAssertEqual([maps.counters.routed, maps.counters.sent, maps.counters.samplesSent], [4, 4, 4])

        // Not responding: nothing more is taken, and the caller is told (it takes the gesture).
        maps.isResponding = false
        let button = HIDMessage(
            envelope: HIDEnvelope(kind: .button, sequence: 5, senderID: 7),
            payload: .button(HIDButtonEvent(button: .volumeUp, isDown: true)))
        XCTAssertTrue(try hardware.send(HIDEncoder.encode(button)))
        XCTAssertTrue(try port.receive(into: message))
        try message.withUnsafeMutableBytes { raw in
            let view = try HIDMessageView(validating: UnsafeRawBufferPointer(raw))
            XCTAssertEqual(delivery.forward(message, raw, view, inPlace: false, to: maps, kind: .other), .notResponding)
        }
        XCTAssertEqual(maps.counters.drops[.notResponding], 1)
    }

    /// The all-apps figures are the apps' counts added up when read; springboard's own stand beside them.
    func testTheStatsFiguresAreSpringBoardsOwnCountsAndTheAppsSums() {
        let counters = SpringBoardCounters(since: 0)
        counters.dropAtPort(.malformed)
        counters.registrationsRefusedUnowned = 2
        counters.eventPortReceived = 9
        var maps = AppCounters()
        maps.routed = 5
        maps.acked = 4
        maps.registrationsRefused = 1
        maps.drops.add(.appDead, 1)
        var mail = AppCounters()
        mail.routed = 3
        mail.cancelsSent = 1
        mail.drops.add(.notResponding, 2)
        var totals = AppCounters()
        totals.add(maps)
        totals.add(mail)

        let hops = counters.byName(apps: totals, logLinesSuppressed: 6)
        XCTAssertEqual(hops["routedToApp"], 8)
        XCTAssertEqual(hops["acks"], 4)
        XCTAssertEqual(hops["cancelsSynthesized"], 1)
        XCTAssertEqual(hops["registrationsRefused"], 3)
        XCTAssertEqual(hops["eventPortDropped"], 1)
        XCTAssertEqual(hops["eventPortReceived"], 9)
        XCTAssertEqual(hops["logLinesSuppressed"], 6)
        XCTAssertEqual(counters.drops(apps: totals).byName, ["malformed": 1, "appDead": 1, "notResponding": 2])

        counters.reset(at: 5)
        XCTAssertEqual(counters.since, 5)
        XCTAssertEqual(counters.byName(apps: AppCounters(), logLinesSuppressed: 0).filter { $0.value != 0 }, [:])
    }

    /// A dead record the registry forgets to make room keeps its counts in the all-apps totals.
    func testARecordTheRegistryForgetsStaysInTheTotals() {
        let registry = AppRegistry(windowCapacity: 4, outboundCapacity: 4)
        registry.capacity = 1
        let maps = registry.register(bundleID: "maps", displayName: "Maps", pid: 1, heartbeatInterval: 0, now: 1)
        maps.counters.routed = 7
        maps.counters.drops.add(.notResponding, 3)
        XCTAssertFalse(registry.makeRoom(for: "mail"), "every record is of a live app")
        maps.markDead()
        XCTAssertTrue(registry.makeRoom(for: "mail"))
        registry.register(bundleID: "mail", displayName: "Mail", pid: 2, heartbeatInterval: 0, now: 2).counters.routed = 2
        XCTAssertEqual(registry.apps.map(\.bundleID), ["mail"])
        XCTAssertEqual(registry.totals.routed, 9)
        XCTAssertEqual(registry.totals.drops[.notResponding], 3)
        XCTAssertEqual(registry.totals.registrations, 2)
        registry.resetCounters()
        XCTAssertEqual(registry.totals.routed, 0)
        XCTAssertEqual(registry.totals.registrations, 1, "a reset keeps each live record's registrations")
    }

    /// One rate-limited line a second; the ones held back are counted until the counters are reset.
    func testTheLogHoldsBackAllButOneLineASecond() {
        let clock = ManualClock(now: 1_000_000_000)
        let log = SpringBoardLog(clock: clock)
        for _ in 0..<5 { log.limited("refused") }
        XCTAssertEqual(log.suppressed, 4)
        clock.set(to: 2_000_000_000)
        log.limited("refused")
        log.limited("refused")
        XCTAssertEqual(log.suppressed, 5)
        log.resetCounters()
        XCTAssertEqual(log.suppressed, 0)
    }
}
