import Foundation
import GestureScript
import HeadlessApp
import HIDEvent
import TestSupport
import TouchRecording
import XCTest

@testable import UIKitModel

/// Every recording of `shared/recordings` replayed headless (`HeadlessAppRunner`, the `app-host run` path) on
/// a 390 × 844 screen, the device fitted with its aspect kept: touches begin and end as the file's contacts
/// do, and the built-in recognizers do what the labelled recordings say.
final class RecordingReplayTests: XCTestCase {
    private static let mapping = RecordingMapping(screen: CGSize(width: 390, height: 844), fit: .aspect)
    private static let panelScene = SharedPaths.packageRoot.appendingPathComponent("deploy/scenes/touch-panel.yaml")

    private static func url(_ name: String) throws -> URL {
        try EvemuRecording.recordingsDirectory().appendingPathComponent(name)
    }

    /// Plays `recording` into a new runner from 1 s on; returns the runner.
    private func replay(
        _ recording: EvemuRecording, scene: URL = panelScene, setUp: (HeadlessAppRunner) -> Void = { _ in }
    )
        throws -> HeadlessAppRunner
    {
        let runner = try HeadlessAppRunner(sceneURL: scene)
        setUp(runner)
        runner.run(try recording.timedPayloads(mapping: Self.mapping, offset: 1_000_000_000))
        return runner
    }

    private func actions(_ runner: HeadlessAppRunner) -> [String] {
        runner.application.trace.lines.map(\.text).filter { !$0.hasPrefix("-[") }
    }

    /// Each contact of the file (a tracking id's life in its slot) is one touch of a full-screen view that
    /// begins at its touch-down frame and ends (or, still down at the end of the file, is cancelled) at its
    /// lift, to the microsecond. Protocol A files and the device that reports on ABS_Z/ABS_RX are refused.
    func testEveryProtocolBRecordingBeginsAndEndsEachContactForItsDuration() throws {
        let root = try EvemuRecording.recordingsDirectory()
        var files: [URL] = []
        for folder in ["evemu-devices", "evemu"] {
            let directory = root.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            where [".events", ".evemu", ".event"].contains(where: { name.hasSuffix($0) }) {
                files.append(directory.appendingPathComponent(name))
            }
        }
        var refused: [String] = []
        var replayed = 0, contacts = 0
        for file in files {
            let recording: EvemuRecording
            do { recording = try EvemuRecording(contentsOf: file) } catch let error as EvemuRecordingError {
                refused.append(file.lastPathComponent)
                XCTAssertTrue(
                    error.message.contains("protocol A") || error.message.contains("not on ABS_MT_POSITION_X/Y"),
                    error.description)
                continue
            }
            // The file's contacts: down and lift times (a contact still down at the end: the file's end).
            var expected: [UInt32: (down: UInt64, end: UInt64)] = [:]
            for frame in recording.frames {
                for contact in frame.contacts {
                    if contact.change.contains(.down) { expected[contact.id] = (frame.time, recording.duration) }
                    if contact.change.lifts { expected[contact.id]?.end = frame.time }
                }
            }
            var began: [UInt32: UInt64] = [:]
            var spans: [(down: UInt64, end: UInt64)] = []
            let runner = try HeadlessAppRunner(sceneYAML: "windows: [{id: window, frame: [0, 0, 390, 844]}]")
            let panel = TouchLoggingView("Panel", frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            // The panel times every contact, so it asks for every finger (UIKit's default gives a view only the
            // first of a multi-touch sequence).
            panel.isMultipleTouchEnabled = true
            runner.application.windows.first?.addSubview(panel)
            panel.onTouch = { phase, touches in
                for touch in touches {
                    let now = runner.clock.now - 1_000_000_000
                    if phase == "began" { began[touch.transducerIndex] = now }
                    if phase == "ended" || phase == "cancelled", let start = began[touch.transducerIndex] {
                        spans.append((start, now))
                    }
                }
            }
            runner.run(try recording.timedPayloads(mapping: Self.mapping, offset: 1_000_000_000))
            let name = file.lastPathComponent
            XCTAssertEqual(began.count, recording.contactCount, name)
            XCTAssertEqual(
                spans.map { "\($0.down)-\($0.end)" }.sorted(), expected.values.map { "\($0.down)-\($0.end)" }.sorted(), name)
            replayed += 1
            contacts += recording.contactCount
        }
        XCTAssertEqual(
            refused,
            [
                "egalax-inc.-usb-touchcontroller.events", "n-trig-multitouch.1-finger-drag-nw-se.events",
                "n-trig-multitouch.2-fingers-touch-release.events",
            ])
        XCTAssertEqual(replayed, 29)
        XCTAssertEqual(contacts, 178)
    }

    /// atmel's fast taps: nine taps, 82-110 ms each, about 0.14 s apart: a tap recognizer alone recognizes
    /// every one.
    func testFastTapsAreEveryOneATap() throws {
        let recording = try EvemuRecording(evemuDevices: "atmel-maxtouch-touchscreen.1-finger-fast-taps.events")
        let runner = try replay(recording) { runner in
            for id in ["double", "pan"] { runner.scene.gestureRecognizer(id)?.isEnabled = false }
        }
        XCTAssertEqual(recording.contactCount, 9)
        XCTAssertEqual(actions(runner), Array(repeating: "single tap", count: 9))
    }

    /// The Wacom's labelled double tap: one double tap, and no single tap (it requires the double to fail).
    func testDoubleTapRecordingIsOneDoubleTapAndNoSingle() throws {
        let runner = try replay(try EvemuRecording(evemuDevices: "wacom-isdv4-e6-finger.double-tap-center.events"))
        XCTAssertEqual(actions(runner), ["double tap"])
    }

    private func panEnd(_ name: String) throws -> (states: [UIGestureRecognizer.State], velocity: CGPoint) {
        var states: [UIGestureRecognizer.State] = []
        var velocity = CGPoint.zero
        _ = try replay(try EvemuRecording(evemuDevices: name)) { runner in
            runner.scene.gestureRecognizer("pan")?.addTarget(
                .handler { pan in
                    states.append(pan.state)
                    velocity = (pan as! UIPanGestureRecognizer).velocity(in: nil)
                })
        }
        return (states, velocity)
    }

    /// ep0430m09's one-finger drag (up, then down): a pan that begins, changes and ends; the lift comes as
    /// a still frame of its own 22 ms after the last move, and the end reports the velocity of the finger
    /// still going up (y falling) then, not the zero of that still step.
    func testADragIsAPanThatEndsWithAVelocityInTheDragsDirection() throws {
        let (states, velocity) = try panEnd("ep0430m09.1-finger-drag-up-down.events")
        XCTAssertEqual(states.first, .began)
        XCTAssertEqual(states.last, .ended)
        XCTAssertEqual(states.dropFirst().dropLast().filter { $0 != .changed }, [])
        XCTAssertEqual(states.count, 171)
        // The last moves: about 1 device unit every 7.5 ms up, on a 0...767 axis shown 233.9 points tall.
        XCTAssertLessThan(velocity.y, -20)
        XCTAssertEqual(velocity.x, 0)
    }

    /// Drags whose finger rests before it lifts (atmel: 69 ms without a move, elan: 223 ms) end with the
    /// velocity the rest says: zero.
    func testADragThatRestsBeforeTheLiftEndsStill() throws {
        for name in [
            "atmel-maxtouch-touchscreen.1-finger-drag-up-down.events", "elan-cando-windows7.1-finger-drag-up-down.events",
        ] {
            let (states, velocity) = try panEnd(name)
            XCTAssertEqual(states.last, .ended, name)
            XCTAssertEqual(velocity, .zero, name)
        }
    }

    /// The script's digitizer: a swipe down at 1000 points per second scanned at 60, 120 and 240 Hz, the
    /// lift a still frame of its own after the last move. The pan ends with the swipe's speed.
    func testASynthesizedFlickEndsAtItsSpeed() throws {
        for rate in [60, 120, 240] {
            let runner = try HeadlessAppRunner(sceneURL: Self.panelScene)
            var velocity = CGPoint.zero
            runner.scene.gestureRecognizer("pan")?.addTarget(
                .handler { velocity = ($0 as! UIPanGestureRecognizer).velocity(in: nil) })
            runner.run(
                try GestureScript.parse("at 0 digitizer rate \(rate)\nat 0.1 swipe down from 200 200 distance 300 speed 1000"))
            XCTAssertEqual(velocity.x, 0, "\(rate) Hz")
            XCTAssertEqual(velocity.y, 1000, accuracy: 1, "\(rate) Hz")
        }
    }

    /// ep0430m09's two-finger scroll: the line between the fingers (144 points apart here) drifts 5.5°,
    /// past the 5° rotation hysteresis, but each finger travels under 7 points along its arc: no rotation
    /// (GestureConstants.rotationArcHysteresis). A two-finger pan recognizes the scroll.
    func testATwoFingerScrollIsAPanAndNoRotation() throws {
        var log: [String] = []
        _ = try replay(try EvemuRecording(evemuDevices: "ep0430m09.2-finger-scroll-down.events")) { runner in
            let delegate = ScriptedGestureDelegate()
            delegate.simultaneousWithAll = true
            let rotation = UIRotationGestureRecognizer()
            rotation.delegate = delegate
            rotation.addTarget(.handler { log.append("rotation \($0.state)") })
            let twoFingerPan = UIPanGestureRecognizer()
            twoFingerPan.minimumNumberOfTouches = 2
            twoFingerPan.delegate = delegate
            twoFingerPan.addTarget(.handler { if $0.state != .changed { log.append("pan \($0.state)") } })
            runner.scene.view("panel")?.addGestureRecognizer(rotation)
            runner.scene.view("panel")?.addGestureRecognizer(twoFingerPan)
            runner.scene.gestureRecognizer("pan")?.isEnabled = false
        }
        XCTAssertEqual(log, ["pan began", "pan ended"])
    }

    /// ep0430m09's two fingers held 0.5 s (under 2 points of movement, finger 1 lifting while finger 2 moves):
    /// no pan begins; a two-finger long press begins, and its target sees one end.
    func testTwoFingersHeldAreNoPanAndOneLongPress() throws {
        let recording = try EvemuRecording(evemuDevices: "ep0430m09.2-fingers-touch-release.events")
        var states: [String] = []
        let runner = try replay(recording) { runner in
            let press = UILongPressGestureRecognizer()
            press.numberOfTouchesRequired = 2
            press.minimumPressDuration = 0.3
            press.addTarget(.handler { states.append("\($0.state)") })
            let delegate = ScriptedGestureDelegate()
            delegate.simultaneousWithAll = true
            press.delegate = delegate
            runner.scene.view("panel")?.addGestureRecognizer(press)
        }
        XCTAssertEqual(actions(runner).filter { $0.hasPrefix("Panned") }, [])
        XCTAssertEqual(states.first, "began")
        XCTAssertEqual(states.filter { $0 == "ended" }.count, 1)
        XCTAssertEqual(states.last, "ended")
    }
}
