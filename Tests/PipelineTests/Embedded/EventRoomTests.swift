import AppChannel
import EventPort
import HIDEvent
import SpringBoardTesting
import XCTest

/// The event room (protocols/app-channel.md, "Event room"): a HID message sent with 24 bytes of room in front
/// is forwarded as the message it arrived in, its event header written in place; the app cannot tell: it gets
/// the bytes a bare HID message gives it.
final class EventRoomTests: XCTestCase {
    private let maps = "com.example.maps"

    /// A two-finger gesture and a volume button, sent as `eventRoom` says; every event the app read.
    private func eventsReceived(eventRoom: Bool) throws -> [FakeApp.Event] {
        let sb = try EmbeddedSpringBoard()
        sb.eventRoom = eventRoom
        let app = try sb.registeredApp(maps)
        try sb.foreground(maps)
        _ = try app.receive()
        try sb.down(1, 100, 200)
        try sb.frame([(2, .down, 160, 200)])
        for step in 1...5 { try sb.frame([(1, .move, 100, 200 + Float(step)), (2, .move, 160, 200 - Float(step))]) }
        try sb.up(1, 100, 205)
        try sb.up(2, 160, 195)
        try sb.send(.button(HIDButtonEvent(button: .volumeUp, isDown: true)))
        sb.runUntilIdle()
        let events = try app.receiveEvents()
        try app.ackAll()
        sb.runUntilIdle()
        let stats = try sb.stats()
        XCTAssertEqual(stats.drops.values.reduce(0, +), 0)
        return events
    }

    func testTheAppGetsTheSameBytesWithAndWithoutTheRoom() throws {
        let bare = try eventsReceived(eventRoom: false)
        let roomed = try eventsReceived(eventRoom: true)
        XCTAssertEqual(bare.count, 10)
        XCTAssertEqual(roomed, bare)
        XCTAssertEqual(roomed.map(\.deliverySequence), Array(1...10))
        // Stamped as ever: routerReceived and routerForwarded (the manual clock's 1 s), the app's stamp still 0.
        let now = UInt64(1_000_000_000)
        XCTAssertEqual(
            roomed.first?.message.envelope.timestamps,
            HIDHopTimestamps(hardware: now, routerReceived: now, routerForwarded: now))
    }

    func testARoomThatDoesNotValidateIsCountedMalformed() throws {
        let sb = try EmbeddedSpringBoard()
        var room: [UInt8] = []
        EventRoom.append(to: &room)
        let hid = try HIDEncoder.encode(
            HIDMessage(
                envelope: HIDEnvelope(kind: .button, sequence: 1, senderID: sb.senderID),
                payload: .button(HIDButtonEvent(button: .volumeUp, isDown: true))))
        var version = room + hid
        version[4] = 2
        var reserved = room + hid
        reserved[23] = 1
        try sb.sendRaw(version)
        try sb.sendRaw(reserved)
        try sb.sendRaw(room)  // no HID message after it
        try sb.sendRaw(room + Array(hid.dropLast()))  // a HID message cut short
        sb.runUntilIdle()
        let stats = try sb.stats()
        XCTAssertEqual(stats.malformedByReason, ["eventRoom": 3, "truncated": 1])
        XCTAssertEqual(stats.drops["malformed"], 4)
    }
}
