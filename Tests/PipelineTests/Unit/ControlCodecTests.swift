import ControlProtocol
import XCTest

final class ControlCodecTests: XCTestCase {
    func testRequestsRoundTrip() throws {
        for command in [
            ControlCommand.apps, .home, .status, .stats(), .stats(reset: true, histograms: true), .overload(mode: nil),
            .overload(mode: .backpressure), .foreground(bundleID: "com.example.maps"), .source(senderID: 99),
            .trace(action: .start, limit: 500), .trace(action: .stop), .trace(action: .status),
        ] {
            XCTAssertEqual(try ControlRequestCodec.decode(ControlRequestCodec.encode(command)), command)
        }
        XCTAssertEqual(
            String(decoding: ControlRequestCodec.encode(.foreground(bundleID: "x")), as: UTF8.self),
            #"{"bundleID":"x","command":"foreground"}"#)
    }

    func testMalformedRequestsGetTypedErrors() {
        func code(_ text: String) -> ControlErrorCode? {
            do { _ = try ControlRequestCodec.decode(Array(text.utf8)); return nil } catch { return error.code }
        }
        XCTAssertEqual(code("not json"), .malformedRequest)
        XCTAssertEqual(code("[1,2]"), .malformedRequest)
        XCTAssertEqual(code("{}"), .missingField)
        XCTAssertEqual(code(#"{"command": 3}"#), .malformedRequest)
        XCTAssertEqual(code(#"{"command": "reboot"}"#), .unknownCommand)
        XCTAssertEqual(code(#"{"command": "foreground"}"#), .missingField)
        XCTAssertEqual(code(#"{"command": "foreground", "bundleID": ""}"#), .malformedRequest)
        XCTAssertEqual(code(#"{"command": "source", "senderID": -1}"#), .malformedRequest)
        XCTAssertEqual(code(#"{"command": "overload", "mode": "fast"}"#), .malformedRequest)
        XCTAssertEqual(code(#"{"command": "trace"}"#), .missingField)
        XCTAssertEqual(code(#"{"command": "trace", "action": "pause"}"#), .malformedRequest)
        XCTAssertEqual(code(#"{"command": "trace", "action": "start", "limit": 0}"#), .malformedRequest)
        XCTAssertEqual(code(#"{"command": "trace", "action": "start", "limit": 250001}"#), .malformedRequest)
    }

    func testWrongTypesNameTheField() {
        func message(_ text: String) -> String? {
            do { _ = try ControlRequestCodec.decode(Array(text.utf8)); return nil } catch { return error.message }
        }
        XCTAssertEqual(message(#"{"command": "stats", "reset": "yes"}"#), #"field "reset" must be a boolean"#)
        XCTAssertEqual(message(#"{"command": "source", "senderID": -1}"#), #"field "senderID" must be an unsigned integer"#)
        XCTAssertEqual(message(#"{"command": 3}"#), #"field "command" must be a string"#)
        XCTAssertEqual(message(#"{"command": "overload", "mode": "fast"}"#), #"field "mode" must be one of: shed, backpressure"#)
        XCTAssertEqual(message(#"{"command": "stats", "later": 1}"#), nil)
    }

    func testReplyRoundTrip() throws {
        let reply = ControlReply(ok: false, command: "foreground", error: ControlError(.unknownBundleID, "no app com.nope"))
        let decoded = try ControlReply.decode(reply.encoded())
        XCTAssertEqual(decoded, reply)
        XCTAssertEqual(
            String(decoding: reply.encoded(), as: UTF8.self),
            #"{"command":"foreground","error":{"code":"unknownBundleID","message":"no app com.nope"},"ok":false}"#)
    }
}
