import XCTest

final class ZeroMQTestsPlaceholder: XCTestCase {
    func testModuleLinks() { XCTAssertTrue(true) }
}
