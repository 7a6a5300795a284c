import ControlProtocol
import Foundation
import XCTest

@testable import ControlText

/// The display's lines of `sbctl stats` and `sbctl top` (issue 25): frames, events, samples per move and
/// touch-to-present by kind, "n/a" when no app sends `frames`.
final class PresentTextTests: XCTestCase {
    private func summary(
        count: UInt64, _ p50: Double, _ p90: Double, _ p99: Double, _ p999: Double, _ max: Double
    ) throws
        -> LatencySummary
    {
        let json =
            #"{"count":\#(count),"meanMicroseconds":\#(p50),"minMicroseconds":\#(p50),"p50Microseconds":\#(p50),"#
            + #""p90Microseconds":\#(p90),"p99Microseconds":\#(p99),"p999Microseconds":\#(p999),"maxMicroseconds":\#(max)}"#
        return try JSONDecoder().decode(LatencySummary.self, from: Data(json.utf8))
    }

    private func present() throws -> PresentStats {
        PresentStats(
            framesPresented: 300, framesMissed: 2, eventsTracked: 1210, eventsPresented: 1200, eventsOverwritten: 4,
            eventsAbandoned: 3, awaiting: 3, sequencesUnknown: 1, framesMalformed: 0, moveSamples: 1196, movesDispatched: 299,
            touchToPresent: [
                "down": try summary(count: 1, 20000, 20000, 20000, 20000, 20000),
                "move": try summary(count: 1198, 24500.5, 30100, 33000, 33300, 33400),
                "up": try summary(count: 1, 40000, 40000, 40000, 40000, 40000),
            ])
    }

    private func stats(apps: [AppStats], present: PresentStats?) -> StatsInfo {
        StatsInfo(
            hops: [:], drops: [:], apps: apps, notResponding: [], latency: [:], overloadMode: "shed", intervalNanoseconds: 1,
            present: present)
    }

    private func app(_ id: String, present: PresentStats?) -> AppStats {
        AppStats(
            bundleID: id, state: "foreground", routed: 0, sent: 0, samplesSent: 0, coalescedSamples: 0, acked: 0, handled: 0,
            cancelsSent: 0, giveUps: 0, heartbeats: 0, registrations: 1, inFlight: 0, window: 4096, queued: 0,
            queuedSamples: 0, drops: [:], latency: [:], present: present)
    }

    func testStatsShowsFramesEventsAndTouchToPresentByKindForAllAppsAndEach() throws {
        var bench = try present()
        bench.refreshHz = 60
        let text = ReplyText.present(
            stats(
                apps: [app("com.example.bench", present: bench), app("com.example.old", present: PresentStats())],
                present: try present()))
        XCTAssertEqual(
            text.joined(separator: "\n"),
            """
            display: frames presented 300, missed 2; events presented 1200 of 1210 tracked (awaiting 3, overwritten 4, \
            abandoned 3); unknown sequences 1; samples per move 4.00
            touch-to-present (µs):
            KIND                      COUNT  P50      P90      P99      P99.9    MAX      MEAN
              down                    1      20000.0  20000.0  20000.0  20000.0  20000.0  20000.0
              move                    1198   24500.5  30100.0  33000.0  33300.0  33400.0  24500.5
              up                      1      40000.0  40000.0  40000.0  40000.0  40000.0  40000.0
              com.example.bench down  1      20000.0  20000.0  20000.0  20000.0  20000.0  20000.0
              com.example.bench move  1198   24500.5  30100.0  33000.0  33300.0  33400.0  24500.5
              com.example.bench up    1      40000.0  40000.0  40000.0  40000.0  40000.0  40000.0
              com.example.old         n/a
            """)
    }

    func testStatsSaysNotApplicableWhenNoAppSendsFrames() {
        XCTAssertEqual(
            ReplyText.present(
                stats(apps: [], present: PresentStats(eventsTracked: 8, eventsOverwritten: 8, moveSamples: 6, movesDispatched: 6))
            ),
            ["display: no app sent `frames` (touch-to-present n/a); samples per move 1.00"])
        XCTAssertEqual(
            ReplyText.present(stats(apps: [], present: nil)), ["touch-to-present: n/a (springboard does not read `frames`)"])
    }

    /// `sbctl top` with the display's line and three present rows still fits 40 rows of 120 columns, with any
    /// number of apps.
    func testTopWithTheDisplayFitsFortyRows() throws {
        for count in [1, 8, 64] {
            let apps = (0..<count).map { app(String(format: "com.example.app%02d", $0), present: nil) }
            let hops = Dictionary(uniqueKeysWithValues: ReplyText.counterOrder.flatMap(\.names).map { ($0, UInt64(7)) })
            var info = stats(apps: apps, present: try present())
            info.hops = hops
            let status = StatusInfo(
                pid: 1, foreground: apps.last?.bundleID, homePage: 0, homePageCount: 1, gestureTarget: "none", liveTouches: 0,
                eventEndpoint: "e", appEndpoint: "a", controlEndpoint: "c", registeredApps: count, uptimeMilliseconds: 1,
                overloadMode: "shed")
            var earlier = try present()
            earlier.framesPresented = 240
            let previous = TopSnapshot(
                time: Date(timeIntervalSince1970: 0), stats: stats(apps: apps, present: earlier), status: status)
            let now = TopSnapshot(time: Date(timeIntervalSince1970: 1), stats: info, status: status)
            let lines = TopView.render(now, previous: previous, endpoint: "e").components(separatedBy: "\n")
            XCTAssertLessThanOrEqual(lines.count, 40, lines.joined(separator: "\n"))
            XCTAssertEqual(lines.filter { $0.count > 120 }, [])
            XCTAssertEqual(
                lines[3],
                "display: frames/s 60.0 · missed 2 (0.0/s) · samples/move 4.0 · awaiting 3 · unknown 1, malformed 0")
            XCTAssertEqual(
                lines.filter { $0.hasPrefix("present ") }.map { $0.split(separator: " ").prefix(3).joined(separator: " ") },
                ["present down 1", "present move 1198", "present up 1"])
        }
    }
}
