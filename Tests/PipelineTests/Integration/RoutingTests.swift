import AppChannel
import SpringBoardCore
import XCTest

/// hid-source → springboard → app, as real processes over ipc.
final class RoutingTests: XCTestCase {
    private var fixture: PipelineFixture!

    override func setUpWithError() throws {
        fixture = try PipelineFixture()
        let fixture = fixture!
        addTeardownBlock { fixture.tearDown() }
        try fixture.startSpringBoard()
        try fixture.startApp("maps", bundleID: PipelineFixture.maps)
        try fixture.startApp("settings", bundleID: PipelineFixture.settings)
    }

    func testTapReachesTheForegroundAppsHitView() throws {
        XCTAssertEqual(try fixture.request(.foreground(bundleID: PipelineFixture.maps)).foreground, PipelineFixture.maps)
        let source = try TestTouchSource(fixture: fixture)
        try source.tap(200, 125)
        try source.flush()
        fixture.waitForTrace(PipelineFixture.maps, "-[SearchBarView touchesEnded:withEvent:]")
        print(fixture.trace(PipelineFixture.maps).joined(separator: "\n"))
        XCTAssertTrue(fixture.trace(PipelineFixture.settings).isEmpty)
    }
}
