import XCTest

/// A test of real processes: each test gets its own `PipelineFixture` (a private runtime directory), and every
/// process it started is stopped after the test, whatever the test did.
class PipelineTestCase: XCTestCase {
    var fixture: PipelineFixture!

    override func setUpWithError() throws {
        try super.setUpWithError()
        fixture = try PipelineFixture()
        let fixture = fixture!
        addTeardownBlock { fixture.tearDown() }
    }
}
