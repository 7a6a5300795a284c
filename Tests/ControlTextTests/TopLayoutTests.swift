import ControlProtocol
import Foundation
import XCTest

@testable import ControlText

/// `sbctl top` fits a 40-row pane (issue 26, item 5): apps, rates and latency first, then only the non-zero
/// counters, each named, in the order a frame meets them; `sbctl stats` lists its counters in that order too.
final class TopLayoutTests: XCTestCase {
    private static let hopNames = [
        "sourceToSpringBoard", "springBoardQueue", "springBoardToApp", "appQueue", "dispatch", "ackBack", "ack", "endToEnd",
    ]

    private func latency() throws -> [String: LatencySummary] {
        let one =
            #"{"count":1000,"meanMicroseconds":12.5,"minMicroseconds":1,"p50Microseconds":10,"p90Microseconds":20,"#
            + #""p99Microseconds":30,"p999Microseconds":40,"maxMicroseconds":50}"#
        let summary = try JSONDecoder().decode(LatencySummary.self, from: Data(one.utf8))
        return Dictionary(uniqueKeysWithValues: Self.hopNames.map { ($0, summary) })
    }

    /// Every counter springboard has today, most of them non-zero, and `apps` apps of which the last is in front.
    private func snapshots(apps count: Int, routed: UInt64) throws -> (TopSnapshot, TopSnapshot) {
        let names = ReplyText.counterOrder.flatMap(\.names)
        func snapshot(_ scale: UInt64, at time: Date) throws -> TopSnapshot {
            var hops = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, UInt64($0 + 1) * 1000 * scale) })
            hops["sequenceGaps"] = 0
            hops["authRefused"] = 0
            let apps = (0..<count).map { i in
                AppStats(
                    bundleID: String(format: "com.example.app%02d", i), state: i == count - 1 ? "foreground" : "background",
                    routed: i == count - 1 ? routed * scale : UInt64(i) * scale, sent: 0, samplesSent: 0, coalescedSamples: 0,
                    acked: 0, handled: 0, cancelsSent: 0, giveUps: 0, heartbeats: 0, registrations: 1, inFlight: 0, window: 4096,
                    queued: 0, queuedSamples: 0, drops: [:], latency: [:])
            }
            return TopSnapshot(
                time: time,
                stats: StatsInfo(
                    hops: hops, drops: ["appDead": 3], apps: apps, notResponding: [], latency: try latency(),
                    overloadMode: "shed",
                    intervalNanoseconds: 1),
                status: StatusInfo(
                    pid: 42, foreground: apps.last?.bundleID, homePage: 0, homePageCount: 1, gestureTarget: "none",
                    liveTouches: 0,
                    eventEndpoint: "e", appEndpoint: "a", controlEndpoint: "c", registeredApps: count, uptimeMilliseconds: 1500,
                    overloadMode: "shed"),
                apps: nil)
        }
        let start = Date(timeIntervalSince1970: 1000)
        return (try snapshot(1, at: start), try snapshot(2, at: start.addingTimeInterval(1)))
    }

    func testTopFitsFortyRowsOfOneHundredTwentyColumnsWithAnyNumberOfApps() throws {
        for count in [0, 1, 3, 8, 16, 64] {
            let (previous, now) = try snapshots(apps: count, routed: 5)
            let lines = TopView.render(now, previous: previous, endpoint: "ipc:///x/control").components(separatedBy: "\n")
            XCTAssertLessThanOrEqual(lines.count, 40, "\(count) apps:\n" + lines.joined(separator: "\n"))
            XCTAssertEqual(lines.filter { $0.count > 120 }, [], "\(count) apps")
            // Apps, then latency, then counters, then drops.
            let app = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("APP ") || $0 == "no apps registered" })
            let latency = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("LATENCY (us)") })
            let counters = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("COUNTERS") })
            let drops = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("drops: appDead=3") })
            XCTAssertEqual(Array(lines[0..<3].map { String($0.prefix(12)) }), ["sbctl top — ", "foreground: ", "per s: frame"])
            XCTAssertTrue(app < latency && latency < counters && counters < drops, "\(count) apps")
            XCTAssertEqual(latency + 9, counters - 1, "eight hops and a blank line")
            let shownApps = lines[app..<latency].filter { $0.hasPrefix("com.example.app") }
            if count <= 8 {
                XCTAssertEqual(shownApps.count, count)
            } else {
                // The foreground app first, then the busiest; the rest counted on one line.
                let words = shownApps.map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
                XCTAssertEqual(
                    Array(words.prefix(3)),
                    [
                        String(format: "com.example.app%02d foreground", count - 1),
                        String(format: "com.example.app%02d background", count - 2),
                        String(format: "com.example.app%02d background", count - 3),
                    ])
                XCTAssertEqual(shownApps.count, 10, "at least ten apps, the counters take what is left")
                XCTAssertTrue(lines.contains("… and \(count - 10) more app(s) (sbctl stats lists every one)"))
            }
        }
    }

    func testCountersAreTheNonZeroOnesNamedInPipelineOrderWithUnknownOnesLast() throws {
        var (previous, now) = try snapshots(apps: 1, routed: 5)
        now.stats?.hops["zzNewCounter"] = 7
        let lines = TopView.render(now, previous: previous, endpoint: "e").components(separatedBy: "\n")
        let start = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("COUNTERS") })
        let text = lines[(start + 1)...].joined(separator: "\n")
        XCTAssertFalse(text.contains("sequenceGaps"))
        XCTAssertFalse(text.contains("authRefused"))
        // eventPortReceived is the first counter: 1000 then 2000 a second later.
        XCTAssertTrue(
            lines[start + 1].hasPrefix("  source    eventPortReceived=2000 +1000.0 digitizerFrames=4000 +2000.0"),
            lines[start + 1])
        var last = text.startIndex
        for name in [
            "eventPortReceived", "sourceDisconnects", "eventPortPauses", "routedToApp", "acks", "registrations",
            "controlRequests", "zzNewCounter",
        ] {
            let found = try XCTUnwrap(text.range(of: name + "="), name)
            XCTAssertGreaterThan(found.lowerBound, last, name)
            last = found.lowerBound
        }
        XCTAssertTrue(text.contains("  other     zzNewCounter=7"), text)
        let stages = lines[(start + 1)...].compactMap {
            $0.hasPrefix("  ") && $0.dropFirst(2).first != " " ? $0.split(separator: " ").first : nil
        }
        XCTAssertEqual(stages.map(String.init), ["source", "routing", "app", "lifecycle", "operator", "other"])
    }

    func testEveryCounterSpringBoardHasIsPlacedAndStatsListsThemInPipelineOrder() throws {
        let names = ReplyText.counterOrder.flatMap(\.names)
        XCTAssertEqual(names.count, 45, "protocols/control.md: these 45 keys are the whole of hops")
        XCTAssertEqual(Set(names).count, names.count)
        let (_, now) = try snapshots(apps: 1, routed: 5)
        let text = ReplyText.stats(try XCTUnwrap(now.stats))
        let listed = text.components(separatedBy: "\n").drop { $0 != "hops:" }.dropFirst().prefix { $0.hasPrefix("  ") }
        XCTAssertEqual(listed.map { String($0.dropFirst(2).split(separator: ":")[0]) }, names)
        XCTAssertTrue(listed.contains("  sequenceGaps: 0"), "stats lists zeros too")
    }
}
