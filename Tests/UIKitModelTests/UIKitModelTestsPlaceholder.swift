import XCTest

final class UIKitModelTestsPlaceholder: XCTestCase {
    func testModuleLinks() { XCTAssertTrue(true) }
}
