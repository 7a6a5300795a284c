import HIDEvent
import RunLoopKit
import SpringBoardHome
import XCTest

/// SpringBoard's home screen as a UIKit scene, driven in-process on a manual-clock run loop: frames enter
/// through UIKit's fetcher, its source0 hit-tests the icons.
final class HomeScreenSceneTests: XCTestCase {
    private var runLoop: EventRunLoop!
    private var scene: HomeScreenScene!
    private var launched: [String] = []
    private var pages: [Int] = []
    private var trace: [String] = []
    private var sequence: UInt64 = 0

    override func setUp() {
        runLoop = EventRunLoop(clock: ManualClock())
        scene = HomeScreenScene(runLoop: runLoop, layout: HomeScreenLayout())
        scene.setIcons((0..<30).map { ("app\($0)", "App \($0)") })
        scene.onLaunch = { [unowned self] in launched.append($0) }
        scene.onPage = { [unowned self] in pages.append($0) }
        scene.traceCalls { [unowned self] in trace.append($0) }
    }

    private func send(_ phase: HIDDigitizerPhase, _ x: Float, _ y: Float) {
        sequence += 1
        let finger = HIDDigitizerEvent(phase: phase, transducerIndex: 1, eventMask: [.position, .touch], x: x, y: y)
        scene.receive(
            HIDMessage(
                envelope: HIDEnvelope(kind: .digitizer, sequence: sequence, senderID: 1),
                payload: .digitizer(HIDDigitizerFrame(fingers: [finger]))))
        _ = runLoop.runUntilIdle(mode: .default)
    }

    func testTapOnAnIconLaunchesItsApp() {
        let icon = scene.model.layout.iconFrame(slot: 5)
        send(.began, Float(icon.midX), Float(icon.midY))
        send(.ended, Float(icon.midX) + 3, Float(icon.midY))
        XCTAssertEqual(launched, ["app5"])
        XCTAssertEqual(
            trace.filter { $0.contains("touches") },
            [
                "-[SBIconView touchesBegan:withEvent:]", "-[SBHomeScreenView touchesBegan:withEvent:]",
                "-[SBIconView touchesEnded:withEvent:]", "-[SBHomeScreenView touchesEnded:withEvent:]",
            ])
    }

    func testADragOffAnIconIsNoTap() {
        let icon = scene.model.layout.iconFrame(slot: 0)
        send(.began, Float(icon.midX), Float(icon.midY))
        send(.changed, Float(icon.midX) + 25, Float(icon.midY))
        send(.ended, Float(icon.midX), Float(icon.midY))
        XCTAssertEqual(launched, [], "moved farther than the tap slop")
        XCTAssertEqual(pages, [])
    }

    func testSwipesChangePagesAndOnlyTheVisiblePageIsHit() {
        send(.began, 300, 400)
        send(.changed, 200, 400)
        send(.ended, 120, 405)
        XCTAssertEqual(pages, [1])
        XCTAssertEqual(scene.model.page, 1)
        // The same spot now holds page 1's first icon (slot 24).
        let icon = scene.model.layout.iconFrame(slot: 24)
        send(.began, Float(icon.midX), Float(icon.midY))
        send(.ended, Float(icon.midX), Float(icon.midY))
        XCTAssertEqual(launched, ["app24"])
        send(.began, 100, 400)
        send(.ended, 300, 400)
        XCTAssertEqual(pages, [1, 0])
    }

    func testCancelledTouchesLaunchNothing() {
        let icon = scene.model.layout.iconFrame(slot: 2)
        send(.began, Float(icon.midX), Float(icon.midY))
        send(.cancelled, Float(icon.midX), Float(icon.midY))
        XCTAssertEqual(launched, [])
        XCTAssertTrue(trace.contains("-[SBIconView touchesCancelled:withEvent:]"))
    }
}
