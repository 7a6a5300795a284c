import ControlProtocol
import XCTest

/// One printed form of a sender id (decimal, as JSON carries it) everywhere a person reads one, and both
/// decimal and hex taken wherever one is typed (issue 26, item 6).
final class SenderIDTests: XCTestCase {
    func testTheOneFormIsDecimal() {
        XCTAssertEqual(SenderID.text(42), "42")
        XCTAssertEqual(SenderID.text(12345 << 32 | 1234), "53021371270354")
        XCTAssertEqual(SenderID.text(.max), "18446744073709551615")
    }

    func testDecimalAndHexAreBothTaken() {
        XCTAssertEqual(SenderID.parse("42"), 42)
        XCTAssertEqual(SenderID.parse("0x2a"), 42)
        XCTAssertEqual(SenderID.parse("0X2A"), 42)
        XCTAssertEqual(SenderID.parse("0x0000303900000" + "4d2"), 12345 << 32 | 1234)
        // `sbctl monitor`'s old form: 16 hex digits, no prefix; a letter among them makes it hex.
        XCTAssertEqual(SenderID.parse("00003039000004d2"), 12345 << 32 | 1234)
        XCTAssertEqual(SenderID.parse("18446744073709551615"), .max)
        XCTAssertEqual(SenderID.parse("0xffffffffffffffff"), .max)
    }

    func testAnythingElseIsRefused() {
        for text in ["", "0x", "-1", "+1", " 42", "42 ", "0x-1", "1.5", "12g", "18446744073709551616", "0x10000000000000000"] {
            XCTAssertNil(SenderID.parse(text), text)
        }
    }

    func testMonitorLinesPrintTheSenderAsSourcesDoes() {
        let record = MonitorRecord(
            kind: "digitizer", time: 12_345_678_000, sender: 12345 << 32 | 1234, sequence: 17,
            fingers: [.init(index: 1, phase: "began", x: 195, y: 350)], outcome: "app", target: "com.example.maps",
            reason: "sent")
        XCTAssertEqual(record.text, "   12.345678  53021371270354 #17  digitizer 1:began(195,350)  → com.example.maps (sent)")
    }
}
