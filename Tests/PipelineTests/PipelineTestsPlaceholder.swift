import XCTest

final class PipelineTestsPlaceholder: XCTestCase {
    func testModuleLinks() { XCTAssertTrue(true) }
}
