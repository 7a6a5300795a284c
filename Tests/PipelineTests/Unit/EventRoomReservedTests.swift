import EventPort
import XCTest

/// `EventRoom.message(in:)` checks the 19 reserved bytes in four loads (issue 27); each of them must still be
/// refused when it is not zero, and named by its offset.
final class EventRoomReservedTests: XCTestCase {
    func testEveryReservedByteIsChecked() throws {
        var frame: [UInt8] = []
        EventRoom.append(to: &frame)
        frame += [0xAB, 0xCD]  // stands for the HID message (validated separately)
        try frame.withUnsafeMutableBytes { raw in
            XCTAssertEqual(Array(try EventRoom.message(in: raw)), [0xAB, 0xCD])
        }
        for offset in 5..<EventRoom.size {
            var bad = frame
            bad[offset] = 0x80
            try bad.withUnsafeMutableBytes { raw in
                XCTAssertThrowsError(try EventRoom.message(in: raw)) { error in
                    XCTAssertEqual(
                        error as? EventPortError,
                        .invalidField(message: "eventRoom", field: "reserved", offset: offset, expected: "0", found: "128"),
                        "offset \(offset)")
                }
            }
        }
    }
}
