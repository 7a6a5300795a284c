import AppChannel
import ControlProtocol
import HIDEvent
import SpringBoardTesting
import XCTest

/// Routing on the embedded springboard: the foreground app or the home screen takes a gesture, the home
/// button is springboard's, and what an app receives is the bytes the source sent, stamped. The tests named
/// as in RoutingTests moved from there (springboard's logic, no app-host trace): same scenario, same
/// assertions, `runUntilIdle` where the process test waited for springboard to read the frames.
final class EmbeddedRoutingTests: XCTestCase {
    private let maps = "com.example.maps"
    private let settings = "com.example.settings"

    /// RoutingTests' setUp: Maps and Settings registered, neither in front.
    private func springBoardWithMapsAndSettings() throws -> EmbeddedSpringBoard {
        let sb = try EmbeddedSpringBoard()
        _ = try sb.registeredApp(maps)
        _ = try sb.registeredApp(settings)
        return sb
    }

    /// `sbctl foreground Maps`: a display name (ignoring case) that exactly one app has names that app; one
    /// that several have, or none, is refused and says why (issue 26, item 10).
    func testForegroundTakesADisplayNameThatNamesExactlyOneApp() throws {
        let sb = try EmbeddedSpringBoard()
        _ = try sb.registeredApp(maps, displayName: "Maps")
        _ = try sb.registeredApp(settings, displayName: "Settings")
        _ = try sb.registeredApp("com.example.maps2", displayName: "Maps 2")
        var reply = sb.request(.foreground(bundleID: "Maps"))
        XCTAssertEqual(reply.ok, true)
        XCTAssertEqual(reply.foreground, maps)
        XCTAssertEqual(sb.foreground, .some(maps))
        reply = sb.request(.foreground(bundleID: "settings"))
        XCTAssertEqual(reply.foreground, settings)
        XCTAssertEqual(sb.foreground, .some(settings))

        _ = try sb.registeredApp("com.other.settings", displayName: "Settings")
        reply = sb.request(.foreground(bundleID: "Settings"))
        XCTAssertEqual(
            reply.error,
            ControlError(
                .unknownBundleID,
                "\"Settings\" is the name of 2 apps (com.example.settings, com.other.settings): give its bundle id"))
        reply = sb.request(.foreground(bundleID: "Map"))
        XCTAssertEqual(
            reply.error?.message,
            "no app \"Map\" has registered (known: com.example.maps, com.example.settings, com.example.maps2, com.other.settings)"
        )
        XCTAssertEqual(sb.request(.foreground(bundleID: "com.other.settings")).foreground, "com.other.settings")
    }

    func testHomeButtonReturnsToTheHomeScreen() throws {
        let sb = try springBoardWithMapsAndSettings()
        XCTAssertEqual(sb.request(.foreground(bundleID: maps)).ok, true)
        try sb.press(.home)
        sb.runUntilIdle()
        XCTAssertEqual(sb.foreground, .some(nil))
        let stats = try sb.stats()
        XCTAssertEqual(stats.hops["homeButtonPresses"], 1)
        XCTAssertEqual(stats.hops["buttonEvents"], 2)
        XCTAssertEqual(stats.apps.first { $0.bundleID == maps }?.sent, 0, "the home button is SpringBoard's")
    }

    func testAFrameLostBeforeSpringBoardIsReportedAsASequenceGap() throws {
        let sb = try springBoardWithMapsAndSettings()
        XCTAssertEqual(sb.request(.foreground(bundleID: maps)).ok, true)
        try sb.down(1, 200, 400)
        sb.loseNextFrame()
        sb.loseNextFrame()
        try sb.move(1, 202, 400)
        try sb.up(1, 202, 400)
        sb.runUntilIdle()
        let info = try XCTUnwrap(sb.request(.source(senderID: sb.senderID)).source)
        XCTAssertEqual(info.received, 3)
        XCTAssertEqual(info.lastSequence, 5)
        XCTAssertEqual(info.sequenceGaps, 1, "one gap (of two frames) between sequences 1 and 4")
        XCTAssertEqual(info.framesMissing, 2)
        let hops = try sb.stats().hops
        XCTAssertEqual(hops["sequenceGaps"], 1)
        XCTAssertEqual(hops["framesMissing"], 2)
    }

    /// `alone` (protocols/app-channel.md): only to an app whose registration reads it, and only on an event sent
    /// with nothing queued behind it and at most one event unacknowledged ahead of it. The down and the move go
    /// alone; the up follows two unacknowledged events. Once all three are acknowledged the next down goes alone
    /// again. An app that did not say it reads the flag never gets it.
    func testAnEventGoesAloneOnlyToAnAppThatReadsItWithNothingElseInFlightOrQueued() throws {
        let sb = try EmbeddedSpringBoard()
        let maps = try sb.registeredApp("com.example.maps", readsAlone: true)
        try sb.foreground("com.example.maps")
        _ = try maps.receive()
        try sb.down(1, 10, 20)
        try sb.move(1, 15, 25)
        try sb.up(1, 15, 25)
        sb.runUntilIdle()
        XCTAssertEqual(try maps.receiveEvents().map(\.flags), [.alone, .alone, []])
        try maps.ackAll()
        sb.runUntilIdle()
        try sb.down(1, 30, 40)
        try sb.up(1, 30, 40)
        sb.runUntilIdle()
        XCTAssertEqual(try maps.receiveEvents().map(\.flags), [.alone, .alone])

        let notes = try sb.registeredApp("com.example.notes")
        try sb.foreground("com.example.notes")
        _ = try notes.receive()
        try sb.down(2, 10, 20)
        try sb.up(2, 10, 20)
        sb.runUntilIdle()
        XCTAssertEqual(try notes.receiveEvents().map(\.flags), [[], []], "it did not say it reads the flag")
    }

    func testGesturesGoToTheHomeScreenUntilAnAppIsInFrontThenToTheAppByteForByte() throws {
        let sb = try EmbeddedSpringBoard()
        let maps = try sb.registeredApp("com.example.maps")
        XCTAssertEqual(sb.home.icons, ["com.example.maps"])

        // No app in front: the home screen takes the tap; the app sees nothing.
        try sb.down(1, 100, 200)
        try sb.up(1, 100, 200)
        sb.runUntilIdle()
        XCTAssertEqual(sb.home.received.count, 2)
        XCTAssertEqual(sb.home.received.map(\.envelope.sequence), [1, 2])
        XCTAssertEqual(try maps.receive(), [])

        try sb.foreground("com.example.maps")
        XCTAssertEqual(try maps.receive(), [.state(StateMessage(visibility: .foreground))])

        // The app in front takes the next gesture: three events, in order, the source's bytes with springboard's
        // two stamps (the clock did not move: both are now).
        try sb.down(1, 10, 20)
        try sb.move(1, 15, 25)
        try sb.up(1, 15, 25)
        sb.runUntilIdle()
        let events = try maps.receiveEvents()
        XCTAssertEqual(events.map(\.deliverySequence), [1, 2, 3])
        XCTAssertEqual(events.map(\.flags), [[], [], []])
        let now = sb.clock.now
        let expected: [(UInt64, HIDFingerChange, Float, Float)] = [(3, .down, 10, 20), (4, .move, 15, 25), (5, .up, 15, 25)]
        for (event, (sequence, change, x, y)) in zip(events, expected) {
            let sent = HIDMessage(
                envelope: HIDEnvelope(
                    kind: .digitizer, sequence: sequence, senderID: sb.senderID,
                    timestamps: HIDHopTimestamps(hardware: now, routerReceived: now, routerForwarded: now)),
                payload: .digitizer(
                    HIDDigitizerFrame(fingers: [
                        HIDDigitizerEvent(finger: 1, change, x: x, y: y, identity: 1, tipPressure: change == .up ? 0 : 1)
                    ])))
            XCTAssertEqual(event.bytes, try HIDEncoder.encode(sent), "frame \(sequence)")
            XCTAssertEqual(event.samples, [])
        }
        XCTAssertEqual(sb.home.received.count, 2, "the home screen saw nothing of the app's gesture")
        try maps.ackAll()
        sb.runUntilIdle()

        let stats = try sb.stats()
        XCTAssertEqual(stats.hops["eventPortReceived"], 5)
        XCTAssertEqual(stats.hops["digitizerFrames"], 5)
        XCTAssertEqual(stats.hops["routedToHome"], 2)
        XCTAssertEqual(stats.hops["routedToApp"], 3)
        XCTAssertEqual(stats.hops["acks"], 3)
        XCTAssertEqual(stats.hops["ackMessages"], 1)
        XCTAssertEqual(stats.hops["foregroundChanges"], 1)
        XCTAssertEqual(stats.hops["registrations"], 1)
        XCTAssertEqual(stats.hops["channelProbes"], 1)
        let app = try XCTUnwrap(stats.apps.first)
        XCTAssertEqual(app.state, "foreground")
        XCTAssertEqual([app.routed, app.sent, app.samplesSent, app.acked], [3, 3, 3, 3])
        XCTAssertEqual(app.inFlight, 0)
        XCTAssertEqual(stats.drops, [:])
        assertEveryCountAddsUp(stats)
    }

    func testTheHomeButtonIsSpringBoardsAndAButtonWithNoAppInFrontGoesNowhere() throws {
        let sb = try EmbeddedSpringBoard()
        let maps = try sb.registeredApp("com.example.maps")
        try sb.foreground("com.example.maps")
        XCTAssertEqual(try maps.receive(), [.state(StateMessage(visibility: .foreground))])

        try sb.press(.volumeUp)
        sb.runUntilIdle()
        XCTAssertEqual(try maps.receiveEvents().count, 2, "a button goes to the app in front")
        try sb.press(.home)
        sb.runUntilIdle()
        XCTAssertEqual(try maps.receive(), [.state(StateMessage(visibility: .background))], "never the home button")
        try sb.press(.volumeUp)
        sb.runUntilIdle()
        XCTAssertEqual(try maps.receive(), [])

        let stats = try sb.stats()
        XCTAssertEqual(stats.hops["buttonEvents"], 6)
        XCTAssertEqual(stats.hops["homeButtonFrames"], 2)
        XCTAssertEqual(stats.hops["homeButtonPresses"], 1)
        XCTAssertEqual(stats.hops["routedToApp"], 2)
        XCTAssertEqual(stats.hops["foregroundChanges"], 2)
        XCTAssertEqual(stats.drops, ["noTarget": 2])
        assertEveryCountAddsUp(stats)
    }

    func testASwipeUpFromTheBottomEdgeTakesTheGestureAndCancelsTheAppsTouches() throws {
        let sb = try EmbeddedSpringBoard()
        let maps = try sb.registeredApp("com.example.maps")
        try sb.foreground("com.example.maps")
        _ = try maps.receive()

        try sb.down(1, 200, 840)  // within 20 points of the bottom (844)
        try sb.move(1, 200, 700)  // 140 points up: the system's
        try sb.move(1, 200, 600)
        try sb.up(1, 200, 600)
        sb.runUntilIdle()
        let messages = try maps.receive()
        XCTAssertEqual(messages.count, 3, "\(messages)")  // the down, the cancel, then background
        XCTAssertEqual(messages.last, .state(StateMessage(visibility: .background)))
        let events = maps.unacknowledged
        XCTAssertEqual(events.map(\.deliverySequence), [1, 2])
        XCTAssertEqual(events[1].flags, .synthesized)
        guard case .digitizer(let cancel) = events[1].message.payload else { return XCTFail("not a digitizer frame") }
        XCTAssertEqual(cancel.children.map(\.transducerIndex), [1])
        XCTAssertTrue(cancel.children[0].phase.contains(.cancelled))

        let stats = try sb.stats()
        XCTAssertEqual(stats.hops["consumedBySystem"], 3, "the swipe's frame and the two after it")
        XCTAssertEqual(stats.hops["routedToApp"], 1)
        XCTAssertEqual(stats.hops["cancelsSynthesized"], 1)
        XCTAssertEqual(stats.apps[0].cancelsSent, 1)
        XCTAssertEqual(stats.apps[0].sent, 2)
        XCTAssertEqual(stats.apps[0].samplesSent, 1, "a cancel carries no routed frame")
        assertEveryCountAddsUp(stats)
    }

    func testAnIconTapBringsTheAppToTheFront() throws {
        let sb = try EmbeddedSpringBoard()
        let maps = try sb.registeredApp("com.example.maps")
        sb.home.tapIcon("com.example.maps")
        XCTAssertEqual(try maps.receive(), [.state(StateMessage(visibility: .foreground))])
        XCTAssertEqual(sb.request(.status).status?.foreground, "com.example.maps")
        sb.home.tapIcon("com.example.unknown")
        XCTAssertEqual(sb.request(.status).status?.foreground, "com.example.maps", "an app that never ran: nothing")
    }
}
