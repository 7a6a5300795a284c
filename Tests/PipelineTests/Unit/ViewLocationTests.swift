import AppChannel
import ControlProtocol
import XCTest

/// `hid-source tap @id` asks the live app where the view is: the control socket's `view`, and the app channel's
/// `locate` and `location` (protocols/control.md, protocols/app-channel.md).
final class ViewLocationTests: XCTestCase {
    func testLocateCarriesTheRequestAndTheViewID() throws {
        let bytes = LocateMessage(request: 3, viewID: "zoomIn").encoded()
        XCTAssertEqual(
            bytes,
            [0x54, 0x50, 0x41, 0x43, 2, 12, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0]
                + Array("zoomIn".utf8))
        XCTAssertEqual(try AppChannelMessage.decode(bytes), .locate(LocateMessage(request: 3, viewID: "zoomIn")))
        var empty = bytes
        empty[16] = 0
        XCTAssertThrowsError(try AppChannelMessage.decode(empty)) { error in
            XCTAssertEqual(
                error as? AppChannelError,
                .invalidField(message: "locate", field: "viewIDLength", offset: 16, expected: "1...255", found: "0"))
        }
    }

    func testLocationIsThePointOrWhyThereIsNone() throws {
        let found = LocationMessage(request: 3, result: .found(x: 195, y: 422.5))
        let bytes = found.encoded()
        XCTAssertEqual(bytes.count, 32)
        XCTAssertEqual(Array(bytes[4..<8]), [2, 13, 0, 0])
        XCTAssertEqual(Array(bytes[16..<20]), [1, 0, 0, 0])
        XCTAssertEqual(Array(bytes[20..<24]), [0x00, 0x00, 0x43, 0x43])  // 195.0 as a little-endian f32
        XCTAssertEqual(try AppChannelMessage.decode(bytes), .location(found))

        let missing = LocationMessage(request: 4, result: .notFound(reason: "no view with id 'x'"))
        let missingBytes = missing.encoded()
        XCTAssertEqual(missingBytes.count, 32 + 19)
        XCTAssertEqual(Array(missingBytes[28..<30]), [19, 0])
        XCTAssertEqual(try AppChannelMessage.decode(missingBytes), .location(missing))

        var bad = bytes
        bad[16] = 2
        XCTAssertThrowsError(try AppChannelMessage.decode(bad)) { error in
            XCTAssertEqual(
                error as? AppChannelError,
                .invalidField(message: "location", field: "found", offset: 16, expected: "0 or 1", found: "2"))
        }
    }

    func testTheControlSocketsViewCommand() throws {
        XCTAssertEqual(
            String(decoding: ControlRequestCodec.encode(.view(id: "zoomIn")), as: UTF8.self), #"{"command":"view","id":"zoomIn"}"#
        )
        XCTAssertEqual(try ControlRequestCodec.decode(Array(#"{"command":"view","id":"map"}"#.utf8)), .view(id: "map"))
        XCTAssertThrowsError(try ControlRequestCodec.decode(Array(#"{"command":"view"}"#.utf8))) { error in
            XCTAssertEqual((error as? ControlError)?.code, .missingField)
            XCTAssertEqual((error as? ControlError)?.message, #"command "view" needs field "id""#)
        }
        XCTAssertThrowsError(try ControlRequestCodec.decode(Array(#"{"command":"view","id":""}"#.utf8))) { error in
            XCTAssertEqual((error as? ControlError)?.code, .malformedRequest)
        }
        let reply = ControlReply(
            ok: true, command: "view", view: ViewInfo(bundleID: "com.example.maps", id: "map", x: 195, y: 422))
        XCTAssertEqual(
            String(decoding: reply.encoded(), as: UTF8.self),
            #"{"command":"view","ok":true,"view":{"bundleID":"com.example.maps","id":"map","x":195,"y":422}}"#)
    }
}
