import XCTest

final class HIDEventTestsPlaceholder: XCTestCase {
    func testModuleLinks() { XCTAssertTrue(true) }
}
