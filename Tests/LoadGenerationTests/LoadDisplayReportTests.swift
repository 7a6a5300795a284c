import ControlProtocol
import Foundation
import Histogram
import XCTest

@testable import LoadGeneration

/// `hid-source load`'s report of the app's display (issue 25): frames, samples per delivered move and
/// touch-to-present by kind from springboard's `stats`, in the text and the JSON; "n/a" without `frames`.
final class LoadDisplayReportTests: XCTestCase {
    private func outcome(present: PresentStats?, histograms: [String: Histogram<UInt64>]) throws -> LoadOutcome {
        let settings = LoadSettings(
            rate: 240, duration: LoadDuration(nanoseconds: 5_000_000_000), count: nil, fingers: 1,
            mix: try GestureMix(parsing: "drag=1"), seed: 1, overload: .shed, app: "com.example.bench", json: true,
            histogramDirectory: nil, baseline: nil, baselineWarnings: [], senderID: 7, eventEndpoint: "e",
            controlEndpoint: "c", confirmTimeoutMilliseconds: 1000, drainTimeoutMilliseconds: 1000, curve: nil)
        let app = AppStats(
            bundleID: "com.example.bench", state: "foreground", routed: 1200, sent: 1200, samplesSent: 1200,
            coalescedSamples: 0, acked: 1200, handled: 1200, cancelsSent: 0, giveUps: 0, heartbeats: 0, registrations: 1,
            inFlight: 0, window: 4096, queued: 0, queuedSamples: 0, drops: [:], latency: [:], coalescedInApp: 900,
            present: present)
        let stats = StatsInfo(
            hops: [:], drops: [:], apps: [app], notResponding: [], latency: [:], overloadMode: "shed",
            intervalNanoseconds: 5_000_000_000, histograms: histograms, present: present)
        var sent = LoadSendResult()
        sent.offered = 1200
        sent.started = 1
        sent.finished = 5_000_000_001
        return LoadOutcome(
            settings: settings, app: "com.example.bench", overload: .shed, sent: sent, source: nil, confirmed: true,
            drainedAt: 5_000_000_001, stats: stats)
    }

    private func histogram(_ values: [UInt64]) -> Histogram<UInt64> {
        var h = Histogram<UInt64>(
            lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .two)
        for value in values { _ = h.record(value) }
        return h
    }

    func testTheDisplaysFiguresAndTouchToPresentByKindAreReported() throws {
        let present = PresentStats(
            framesPresented: 300, framesMissed: 1, eventsTracked: 1200, eventsPresented: 1199, awaiting: 1,
            moveSamples: 1198, movesDispatched: 298, refreshHz: 60)
        let report = LoadReport(
            try outcome(
                present: present,
                histograms: [
                    "touchToPresentDown": histogram([20_000_000]), "touchToPresentMove": histogram([24_000_000, 26_000_000]),
                    "endToEnd": histogram([100_000]),
                ]))
        XCTAssertEqual(report.touchToPresent.keys.sorted(), ["down", "move"])
        XCTAssertEqual(report.touchToPresent["move"]?.count, 2)
        XCTAssertEqual(Array(report.latency.keys).sorted(), ["endToEnd", "sourceSend"], "touch-to-present is not a hop")
        XCTAssertEqual(report.display?.framesPresented, 300)
        XCTAssertEqual(report.display?.eventsUnpresented, 1)
        let text = report.displayLines.joined(separator: "\n")
        XCTAssertTrue(
            text.hasPrefix(
                "display: 300 frames presented at 60 Hz, 1 missed; 1199 of 1200 events presented; 4.02 samples per delivered move"
            ),
            text)
        XCTAssertEqual(
            text.components(separatedBy: "\n").last?.split(separator: " ").map(String.init),
            ["up", "0", "n/a", "n/a", "n/a", "n/a", "n/a"],
            "no up in the run")
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        let display = try XCTUnwrap(json["display"] as? [String: Any])
        XCTAssertEqual(display["framesPresented"] as? Int, 300)
        XCTAssertEqual(display["samplesPerMove"] as? Double, 1198.0 / 298.0)
        XCTAssertEqual(display["moveSamples"] as? Int, 1198)
        XCTAssertEqual(display["movesDispatched"] as? Int, 298)
        XCTAssertNotNil((json["touchToPresent"] as? [String: Any])?["down"])
    }

    func testWithoutFramesTouchToPresentIsNotApplicable() throws {
        let report = LoadReport(
            try outcome(
                present: PresentStats(eventsTracked: 10, eventsOverwritten: 10, moveSamples: 8, movesDispatched: 8),
                histograms: [:]))
        XCTAssertEqual(
            report.displayLines,
            ["display: the app sent no `frames` (touch-to-present n/a); samples per delivered move 1.00"])
        XCTAssertEqual(
            LoadReport(try outcome(present: nil, histograms: [:])).displayLines,
            [
                "display: n/a (springboard does not read `frames`)"
            ])
    }
}
