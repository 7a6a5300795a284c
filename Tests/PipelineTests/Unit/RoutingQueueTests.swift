import SpringBoardCore
import XCTest

final class RoutingQueueTests: XCTestCase {
    func testAckWindowIsFIFOAndBounded() {
        var window = AckWindow(capacity: 3)
        XCTAssertTrue(window.push(sequence: 1, sentAt: 100))
        XCTAssertTrue(window.push(sequence: 2, sentAt: 200))
        XCTAssertTrue(window.push(sequence: 3, sentAt: 300))
        XCTAssertFalse(window.push(sequence: 4, sentAt: 400))
        XCTAssertEqual(window.oldest?.sentAt, 100)
        XCTAssertEqual(window.acknowledge(1)?.sentAt, 100)
        XCTAssertNil(window.acknowledge(1), "a second ack for the same sequence is not waiting")
        XCTAssertTrue(window.push(sequence: 4, sentAt: 400))
        // An ack for 3 settles 2 as well (FIFO app: 2's ack was lost).
        XCTAssertEqual(window.acknowledge(3)?.sentAt, 300)
        XCTAssertEqual(window.count, 1)
        XCTAssertEqual(window.oldest?.sequence, 4)
        XCTAssertNil(window.acknowledge(99))
        XCTAssertEqual(window.count, 1)
    }

    func testOutboundQueueEvictsOldestMoveOnly() {
        var queue = OutboundQueue(capacity: 3)
        func push(_ byte: UInt8, move: Bool) -> Bool { [byte].withUnsafeBytes { queue.push($0, synthesized: false, isMoveOnly: move) } }
        XCTAssertTrue(push(1, move: false))  // down
        XCTAssertTrue(push(2, move: true))
        XCTAssertTrue(push(3, move: true))
        XCTAssertFalse(push(4, move: false))
        XCTAssertTrue(queue.evictOldestMove())
        XCTAssertTrue(push(4, move: false))  // up
        var order: [UInt8] = []
        while let first = queue.withFirst({ $0.bytes[0] }) { order.append(first); queue.removeFirst() }
        XCTAssertEqual(order, [1, 3, 4])
        XCTAssertTrue(push(5, move: false))
        XCTAssertFalse(queue.evictOldestMove(), "downs and ups are never dropped")
    }

    func testRegistryLifecycleAndIdentityMatch() {
        let registry = AppRegistry(windowCapacity: 4, outboundCapacity: 4)
        let maps = registry.recordCreating(bundleID: "com.example.maps")
        XCTAssertEqual(registry.state(of: maps), .launching)
        registry.register(bundleID: "com.example.maps", displayName: "Maps", pid: 10, heartbeatInterval: 1, now: 5)
        XCTAssertEqual(registry.state(of: maps), .background)
        XCTAssertEqual(maps.session, 1)
        XCTAssertTrue(registry.setForeground(maps).changed)
        XCTAssertEqual(registry.state(of: maps), .foreground)
        maps.isResponding = false
        XCTAssertEqual(registry.state(of: maps), .notResponding)
        _ = [UInt8](repeating: 9, count: 3).withUnsafeBytes { maps.outbound.push($0, synthesized: false, isMoveOnly: true) }
        maps.markDead()
        XCTAssertEqual(registry.state(of: maps), .dead)
        XCTAssertEqual(maps.counters.drops[.appDead], 1)
        let again = registry.register(bundleID: "com.example.maps", displayName: "Maps", pid: 11, heartbeatInterval: 1, now: 6)
        XCTAssertTrue(again === maps)
        XCTAssertEqual(maps.session, 2)
        XCTAssertEqual(maps.pid, 11)
        XCTAssertEqual(maps.counters.registrations, 2)
        Array("com.example.maps".utf8).withUnsafeBytes { XCTAssertTrue(registry.record(identity: $0) === maps) }
        Array("com.example.map".utf8).withUnsafeBytes { XCTAssertNil(registry.record(identity: $0)) }
    }
}
