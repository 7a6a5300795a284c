import RunLoopKit
import XCTest

@testable import UIKitModel

/// The dispatcher's source0 captures the dispatcher unowned(unsafe) (its perform runs every event): the
/// application takes it off its run loop, which may outlive the application, when it goes.
final class EventSourceLifetimeTests: XCTestCase {
    func testTheDispatchersSourceLeavesTheLoopWithTheApplication() {
        let loop = EventRunLoop(clock: ManualClock())
        var application: UIApplication? = UIApplication(runLoop: loop)
        let source: RunLoopSource0 = application!.eventDispatcher.source
        XCTAssertTrue(loop.contains(source, mode: .common))
        XCTAssertTrue(loop.contains(source, mode: .default))
        application = nil
        XCTAssertFalse(loop.contains(source, mode: .common))
        XCTAssertFalse(loop.contains(source, mode: .default))
        // A signal left on the source runs nothing: the loop no longer has it.
        source.signal()
        _ = loop.runUntilIdle(mode: .default)
    }
}
