import XCTest

final class RunLoopKitTestsPlaceholder: XCTestCase {
    func testModuleLinks() { XCTAssertTrue(true) }
}
