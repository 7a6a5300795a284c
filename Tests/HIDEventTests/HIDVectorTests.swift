import Foundation
import HIDEvent
import TestSupport
import XCTest

/// The committed vectors in protocols/vectors/ against their definitions, in both directions.
/// `HID_WRITE_VECTORS=1 swift test --filter HIDVectorTests` regenerates the files.
final class HIDVectorTests: XCTestCase {
    static let directory = SharedPaths.packageRoot.appendingPathComponent("protocols/vectors")
    static let writing = ProcessInfo.processInfo.environment["HID_WRITE_VECTORS"] == "1"

    func testValidVectorsDecodeToTheirValuesAndReencodeToTheSameBytes() throws {
        for vector in HIDVectors.valid {
            let expected = HIDVectors.encoded(vector.message)
            let bytes = try file(vector.name, "bin", expected: Data(expected))
            XCTAssertEqual(Array(bytes), expected, vector.name)
            let decoded = try HIDDecoder.decode(Array(bytes))
            XCTAssertEqual(decoded, vector.message, vector.name)
            XCTAssertEqual(try HIDEncoder.encode(decoded), Array(bytes), vector.name)
            let text = try Array(bytes).withUnsafeBytes {
                HIDVectorDump.describe(try HIDMessageView(validating: $0), name: vector.name)
            }
            XCTAssertEqual(try file(vector.name, "txt", expected: Data(text.utf8)), Data(text.utf8), vector.name)
        }
    }

    func testAcceptedVectorsDecodeIgnoringNewerMinorExtensions() throws {
        for vector in HIDVectors.accepted {
            let bytes = try file(vector.name, "bin", expected: Data(vector.bytes))
            XCTAssertEqual(Array(bytes), vector.bytes)
            XCTAssertEqual(try HIDDecoder.decode(Array(bytes)), vector.message, vector.name)
            let text = try Array(bytes).withUnsafeBytes {
                "# \(vector.note)\n" + HIDVectorDump.describe(try HIDMessageView(validating: $0), name: vector.name)
            }
            XCTAssertEqual(try file(vector.name, "txt", expected: Data(text.utf8)), Data(text.utf8), vector.name)
        }
    }

    func testInvalidVectorsThrowTheirDocumentedError() throws {
        for vector in HIDVectors.invalid {
            let bytes = try file(vector.name, "bin", expected: Data(vector.bytes))
            XCTAssertEqual(Array(bytes), vector.bytes, vector.name)
            XCTAssertThrowsError(try HIDDecoder.decode(Array(bytes)), vector.name) { error in
                XCTAssertEqual(error as? HIDDecodeError, vector.error, vector.name)
            }
            let text = Self.describe(vector)
            XCTAssertEqual(try file(vector.name, "txt", expected: Data(text.utf8)), Data(text.utf8), vector.name)
        }
    }

    func testEveryVectorFileIsDefined() throws {
        let names = Set(HIDVectors.valid.map(\.name) + HIDVectors.accepted.map(\.name) + HIDVectors.invalid.map(\.name))
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
            .filter { $0.hasSuffix(".bin") }.map { String($0.dropLast(4)) }
        XCTAssertEqual(Set(files), names)
    }

    static func describe(_ vector: HIDVectors.Invalid) -> String {
        let e = vector.error
        return """
            # \(vector.name).bin: \(vector.bytes.count) bytes, must be rejected
            # \(vector.note)
            reason     \(e.reason.rawValue)
            field      \(e.field)
            offset     \(e.offset)
            eventIndex \(e.eventIndex.map(String.init) ?? "-")
            expected   \(e.expected)
            found      0x\(String(e.found, radix: 16))
            message    \(e)

            """
    }

    /// Reads `name.ext`, or writes `expected` first when regenerating.
    private func file(_ name: String, _ ext: String, expected: Data) throws -> Data {
        let url = Self.directory.appendingPathComponent("\(name).\(ext)")
        if Self.writing {
            try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
            try expected.write(to: url)
        }
        return try Data(contentsOf: url)
    }
}
