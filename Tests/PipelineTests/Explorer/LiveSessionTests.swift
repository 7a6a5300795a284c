import Explorer
import Foundation
import HIDEvent
import TestSupport
import XCTest

/// `sbctl explore`'s session without sockets: a recording ensemble stands for springboard, so the frames sent,
/// the foreground followed and the app's trace records placed under their steps are checked exactly.
final class LiveSessionTests: XCTestCase {
    /// What springboard would see and say: the payloads sent, in order; the foreground to answer with.
    final class RecordingEnsemble: LiveEnsemble {
        var senderID: UInt64 { 7 }
        var sent: [HIDPayload] = []
        var keepAliveChecks = 0
        var finished = 0
        var refuse = false
        var now: LiveForeground

        init(_ now: LiveForeground) { self.now = now }

        func send(_ payload: HIDPayload) throws -> UInt64 {
            if refuse { throw CocoaError(.fileWriteUnknown) }
            sent.append(payload)
            return UInt64(sent.count)
        }

        func keepAliveIfDue() { keepAliveChecks += 1 }
        func finish() { finished += 1 }
        func foreground() throws -> LiveForeground { now }
    }

    static let home = LiveForeground(
        bundleID: nil,
        home: LiveHomeScreen(
            width: 390, height: 844, page: 0, pageCount: 1,
            icons: [
                LiveHomeIcon(
                    bundleID: "com.example.maps", displayName: "Maps", frame: CGRect(x: 18, y: 70, width: 60, height: 60)),
                LiveHomeIcon(
                    bundleID: "com.example.settings", displayName: "Settings", frame: CGRect(x: 100, y: 70, width: 60, height: 60)
                ),
            ]))

    private func pointer(_ phase: PointerInput.Phase, _ x: Double, _ y: Double, _ t: Double) -> ExplorerInput {
        .pointer(PointerInput(phase: phase, pointer: 1, x: x, y: y, time: t))
    }

    private func step(_ message: ExplorerMessage) throws -> StepReport { try XCTUnwrap(message.variants?[0].first) }

    func testTheBrowserTapsAnIconThePageFollowsTheAppAndItsTraceLandsUnderTheFrames() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let traceFile = directory.appendingPathComponent("com.example.settings.trace.jsonl")
        // A record of an earlier run in the file: not this touch's, never shown.
        try #"{"app":"com.example.settings","event":9,"kind":"call","seq":1,"text":"-[Old touchesBegan:withEvent:]","timeNs":1}"#
            .appending("\n").write(to: traceFile, atomically: true, encoding: .utf8)

        let ensemble = RecordingEnsemble(Self.home)
        let session = try LiveSession(ensemble: ensemble)
        XCTAssertEqual(session.mode, "live")
        XCTAssertEqual(
            session.hello().screens?.first?.views.map(\.label),
            [
                "SBHomeScreenWindow", "SBIconView #com.example.maps", "SBIconView #com.example.settings",
            ])
        let down = try step(session.handle(pointer(.down, 130, 100, 1000)))
        XCTAssertEqual(down.note, "frame #1 from sender 7 → springboard's home screen: the Settings icon")
        XCTAssertEqual(down.fingers, [])
        let up = try step(session.handle(pointer(.up, 130, 100, 1080)))
        XCTAssertEqual([down.input, up.input], ["finger 1 down (130,100)", "finger 1 up (130,100)"])
        XCTAssertEqual(up.time, 80_000_000)
        XCTAssertEqual(
            ensemble.sent,
            [
                .digitizer(HIDDigitizerFrame(fingers: [HIDDigitizerEvent(finger: 1, .down, x: 130, y: 100)])),
                .digitizer(HIDDigitizerFrame(fingers: [HIDDigitizerEvent(finger: 1, .up, x: 130, y: 100)])),
            ])

        // springboard brought Settings forward: the next tick (a finger lifted) sees it and draws its scene.
        let scene = SharedPaths.packageRoot.appendingPathComponent("deploy/apps/settings/settings.yaml").path
        ensemble.now = LiveForeground(
            bundleID: "com.example.settings", displayName: "Settings", session: 2, scenePath: scene, traceFile: traceFile.path)
        session.tick()
        let updates = session.updates()
        XCTAssertEqual(updates.map(\.type), ["foreground"])
        XCTAssertEqual(updates[0].screens?.first?.title, "Settings")
        XCTAssertEqual(updates[0].note, "Settings (com.example.settings) is in front: \(scene); its trace: \(traceFile.path)")
        XCTAssertEqual(session.updates(), [], "said once")

        let row = try step(session.handle(pointer(.down, 195, 128, 3000)))
        XCTAssertEqual(row.index, 0, "a new screen starts the steps again")
        XCTAssertEqual(row.fingers.first?.chosenLabel, "WiFiRow #wifi")
        XCTAssertEqual(row.note, "frame #3 from sender 7 → Settings")
        _ = try session.handle(pointer(.up, 195, 128, 3050))
        // The app writes its records after the frames; the last line is not complete yet.
        let records = [
            #"{"app":"com.example.settings","class":"WiFiRow","event":3,"kind":"call","phase":"began","point":{"x":195,"y":128},"reason":"consumes it: no super","selector":"touchesBegan:withEvent:","seq":20,"text":"-[WiFiRow touchesBegan:withEvent:]","timeNs":5,"touch":1}"#,
            #"{"app":"com.example.settings","class":"WiFiRow","event":4,"kind":"call","phase":"ended","point":{"x":195,"y":128},"reason":"consumes it: no super","selector":"touchesEnded:withEvent:","seq":21,"text":"-[WiFiRow touchesEnded:withEvent:]","timeNs":6,"touch":1}"#,
            #"{"app":"com.example.settings","kind":"line","seq":22,"text":"a timer's line","timeNs":7}"#,
        ]
        let handle = try FileHandle(forWritingTo: traceFile)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((records.joined(separator: "\n") + "\n" + #"{"app":"com.exa"#).utf8))
        session.tick()
        let appended = session.updates()
        XCTAssertEqual(appended.map(\.type), ["append", "append"])
        XCTAssertEqual(appended.map(\.step), [0, 1])
        XCTAssertEqual(
            appended.map { $0.trace?.map(\.explained) ?? [] },
            [
                ["-[WiFiRow touchesBegan:withEvent:] touch#1 began (195,128) (consumes it: no super)"],
                ["-[WiFiRow touchesEnded:withEvent:] touch#1 ended (195,128) (consumes it: no super)", "a timer's line"],
            ])
        XCTAssertEqual(appended[0].trace?.first?.view, row.fingers.first?.chosen, "the record lights the row")
        try handle.write(contentsOf: Data(#"mple.settings","kind":"line","seq":23,"text":"completed","timeNs":8}"#.utf8 + [10]))
        try handle.close()
        session.tick()
        XCTAssertEqual(session.updates().map { $0.trace?.map(\.text) ?? [] }, [["completed"]])
        XCTAssertEqual(ensemble.keepAliveChecks, 3, "one look per tick")

        session.close()
        XCTAssertEqual(ensemble.finished, 1)
    }

    func testWhatALiveEnsembleCannotDoIsRefusedWithItsReason() throws {
        let ensemble = RecordingEnsemble(Self.home)
        let session = try LiveSession(ensemble: ensemble)
        XCTAssertThrowsError(try session.handle(.play(name: "tap.gesture", text: "at 1 tap 10 10"))) { error in
            XCTAssertEqual((error as? ExplorerRefusal)?.code, .unavailable)
        }
        ensemble.refuse = true
        XCTAssertThrowsError(try session.handle(pointer(.down, 10, 10, 1))) { error in
            XCTAssertEqual((error as? ExplorerRefusal)?.code, .unavailable)
        }
        ensemble.refuse = false
        // The refused down left no finger down: the same finger can go down now.
        XCTAssertEqual(
            try step(session.handle(pointer(.down, 10, 10, 2))).note, "frame #1 from sender 7 → springboard's home screen")
        XCTAssertEqual(try session.handle(.advance(time: 5)).variants?.first, [])
    }
}
