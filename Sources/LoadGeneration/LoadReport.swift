import CommandLineSupport
import ControlProtocol
import Foundation
import Histogram

/// The outcome of one `hid-source load` run: what was offered, where every frame went, the rates, and the
/// latency of every hop. Printed as a table, or as one JSON object with `--json` (keys sorted; times in
/// microseconds, rates per second).
struct LoadReport: Codable {
    var app: String
    var overload: String
    /// Requested frames/s (0: flat out), fingers per drag or tap, the mix and seed of the gestures.
    var rate: Double
    var fingers: Int
    var mix: String
    var seed: UInt64
    var senderID: UInt64
    /// SIGINT/SIGTERM ended the run early.
    var interrupted: Bool
    /// springboard read the final end marker and every frame before it.
    var confirmed: Bool
    /// The app had nothing in flight or queued when the report was taken.
    var drained: Bool

    // Frames, in the order they travel.
    var offered: UInt64
    /// Frames the schedule had due before the end of --duration that were never sent, because the sender fell
    /// behind --rate (0 when it kept up, and for a flat-out run). Not offered, so in no other count.
    var behindSchedule: UInt64
    /// Read by springboard from this run's sender (`source` reply).
    var received: UInt64
    var sequenceGaps: UInt64
    /// Routed to the app (sent alone, coalesced, queued or dropped).
    var routed: UInt64
    /// Reached the app: as an event of their own or as a coalesced sample inside one (`samplesSent`).
    var delivered: UInt64
    /// Moves springboard folded into a later queued event (`coalescedSamples`). springboard counts them when it
    /// coalesces, so when it later gives up on the app, the ones dropped with their event are counted here
    /// too (and under `drops`); with no drops they all travelled as samples of the events in `dispatched`.
    var coalesced: UInt64
    /// Still in springboard's outbound queue when the report was taken.
    var queued: UInt64
    /// Events still waiting for the app's ack.
    var inFlight: Int
    /// Not delivered, all reasons together, and by reason (springboard's `drops`).
    var lost: UInt64
    var drops: [String: UInt64]
    /// Frames springboard consumed without the app: the home screen, a system gesture, other apps.
    var elsewhere: [String: UInt64]
    /// offered − (delivered + queued + lost + elsewhere): frames nobody accounts for. Must be 0.
    var unexplained: Int64

    // Events (what the app's UIKit dispatched).
    /// `event` messages sent to the app (synthesized cancels included).
    var events: UInt64
    /// Events the app acknowledged after `sendEvent` returned.
    var dispatched: UInt64
    /// Of `dispatched`, events whose moves the app's UIKit coalesced into a later event it had queued (they
    /// reached `coalescedTouches(for:)`, with no `sendEvent` of their own): `dispatched − coalescedInApp` is how
    /// many times the app called `sendEvent`.
    var coalescedInApp: UInt64
    /// How many times the app called `sendEvent`.
    var sendEvents: UInt64 { dispatched - min(dispatched, coalescedInApp) }
    var cancelsSent: UInt64
    var giveUps: UInt64
    var gestures: [String: UInt64]
    var fingersLeftDown: Bool

    /// t0 → the last frame taken by the socket; t0 → the app seen drained (nil: it was not).
    var sendSeconds: Double
    var drainSeconds: Double?
    var throughput: Throughput
    /// Per hop, from springboard's histograms (all apps; the run resets them first) and the generator's own.
    var latency: [String: HopLatency]
    /// CPU per process (hid-source, springboard, the app) from the start of sending to the drain, per delivered
    /// frame; nil when no frame was delivered.
    var cpu: CPUCost?
    var baseline: BaselineRatios?
    /// What makes the figures mean less than they seem (said on stderr before the run too): the target app
    /// traces every call.
    var warnings: [String] = []
    /// Seconds of the send interval the source waited for the event port to take a frame, and what capped the
    /// run when that was most of it (nil in reports made before they were recorded, and when nothing did).
    var heldBackSeconds: Double?
    var limit: String?
    /// The app's display over the run (its `frames`; nil: springboard does not read them). Touch-to-present is
    /// in `touchToPresent`, by kind (`down`, `move`, `up`; empty: the app sent no `frames`, "n/a").
    var display: Display?
    var touchToPresent: [String: HopLatency] = [:]

    struct Display: Codable {
        var framesPresented: UInt64
        var framesMissed: UInt64
        var refreshHz: UInt32?
        var eventsTracked: UInt64
        var eventsPresented: UInt64
        /// Acknowledged and never presented: overwritten in springboard's ring, abandoned, or still awaiting.
        var eventsUnpresented: UInt64
        /// Samples in acknowledged moves and the moves the app dispatched (its UIKit folds a frame's moves of
        /// a finger into one): `samplesPerMove` is their ratio.
        var moveSamples: UInt64?
        var movesDispatched: UInt64?
        var samplesPerMove: Double?
    }

    struct Throughput: Codable {
        /// Over the send interval.
        var offeredPerSecond: Double
        var deliveredPerSecond: Double
        var dispatchedEventsPerSecond: Double
        /// `sendEvent` calls in the app (its UIKit coalesces queued moves).
        var sendEventsPerSecond: Double
    }
}

extension LoadReport {
    init(_ outcome: LoadOutcome) {
        let stats = outcome.stats, sent = outcome.sent, settings = outcome.settings
        let target = stats.apps.first { $0.bundleID == outcome.app }
        let others = stats.apps.filter { $0.bundleID != outcome.app }
        app = outcome.app
        warnings = outcome.warnings
        overload = outcome.overload.rawValue
        rate = settings.rate
        fingers = settings.fingers
        mix = settings.mix.description
        seed = settings.seed
        senderID = settings.senderID
        interrupted = sent.interrupted
        confirmed = outcome.confirmed
        drained = outcome.drainedAt != nil

        offered = sent.offered
        behindSchedule = sent.behindSchedule
        received = outcome.source?.received ?? 0
        sequenceGaps = outcome.source?.sequenceGaps ?? 0
        routed = target?.routed ?? 0
        delivered = target?.samplesSent ?? 0
        coalesced = target?.coalescedSamples ?? 0
        queued = target?.queuedSamples ?? 0
        inFlight = target?.inFlight ?? 0
        drops = stats.drops
        lost = stats.drops.values.reduce(0, +)
        // Other apps' drops are already in `drops`: count what they were sent or hold, not what was routed.
        elsewhere = [
            "routedToHome": stats.hops["routedToHome"] ?? 0,
            "consumedBySystem": stats.hops["consumedBySystem"] ?? 0,
            "otherApps": others.reduce(0) { $0 + $1.samplesSent + $1.queuedSamples },
        ]
        let accounted = delivered + queued + lost + elsewhere.values.reduce(0, +)
        unexplained = Int64(bitPattern: offered &- accounted)

        events = target?.sent ?? 0
        dispatched = target?.acked ?? 0
        coalescedInApp = target?.coalescedInApp ?? 0
        cancelsSent = target?.cancelsSent ?? 0
        giveUps = target?.giveUps ?? 0
        gestures = Dictionary(uniqueKeysWithValues: sent.gestures.map { ($0.key.rawValue, $0.value) })
        fingersLeftDown = sent.fingersLeftDown

        let seconds = sent.sendSeconds
        sendSeconds = seconds
        drainSeconds = outcome.drainedAt.map { Double($0 - min($0, sent.started)) / 1e9 }
        func perSecond(_ n: UInt64) -> Double { seconds > 0 ? Double(n) / seconds : 0 }
        let throughput = Throughput(
            offeredPerSecond: perSecond(sent.offered), deliveredPerSecond: perSecond(target?.samplesSent ?? 0),
            dispatchedEventsPerSecond: perSecond(target?.acked ?? 0),
            sendEventsPerSecond: perSecond(dispatched - min(dispatched, coalescedInApp)))
        self.throughput = throughput
        var latency: [String: HopLatency] = ["sourceSend": HopLatency(nanoseconds: sent.sourceSend)]
        var touchToPresent: [String: HopLatency] = [:]
        let presentNames = Dictionary(uniqueKeysWithValues: PresentStats.kinds.map { (PresentStats.histogramName($0), $0) })
        for (hop, histogram) in stats.histograms ?? [:] where histogram.totalCount > 0 {
            if let kind = presentNames[hop] {
                // All apps' histograms: the run's app is the one that took its frames.
                touchToPresent[kind] = HopLatency(
                    nanoseconds: histogram, exactMeanMicroseconds: stats.present?.touchToPresent[kind]?.meanMicroseconds)
                continue
            }
            latency[hop] = HopLatency(nanoseconds: histogram, exactMeanMicroseconds: stats.latency[hop]?.meanMicroseconds)
        }
        self.latency = latency
        self.touchToPresent = touchToPresent
        display = target?.present.map {
            Display(
                framesPresented: $0.framesPresented, framesMissed: $0.framesMissed, refreshHz: $0.refreshHz,
                eventsTracked: $0.eventsTracked, eventsPresented: $0.eventsPresented,
                eventsUnpresented: $0.eventsTracked - min($0.eventsTracked, $0.eventsPresented),
                moveSamples: $0.moveSamples, movesDispatched: $0.movesDispatched, samplesPerMove: $0.samplesPerMove)
        }
        cpu = CPUCost(frames: delivered, nanoseconds: outcome.cpuNanoseconds, expected: ["source", "springboard", "app"])
        heldBackSeconds = Double(sent.heldBackNanoseconds) / 1e9
        limit = Self.limit(
            heldBack: Double(sent.heldBackNanoseconds) / 1e9, sendSeconds: seconds, offered: sent.offered, app: outcome.app,
            pauses: stats.hops["eventPortPauses"] ?? 0, cpu: cpu)
        baseline = settings.baseline.map {
            BaselineRatios(
                file: $0.paths.joined(separator: ", "), relay: $0.relay, deliveredPerSecond: throughput.deliveredPerSecond,
                endToEnd: latency["endToEnd"])
        }
    }
}

/// Everything a run collected, before it is turned into a report.
struct LoadOutcome {
    var settings: LoadSettings
    var app: String
    var overload: OverloadMode
    var sent: LoadSendResult
    var source: SourceInfo?
    var confirmed: Bool
    var drainedAt: UInt64?
    var stats: StatsInfo
    /// CPU nanoseconds per process from the start of sending to the drain (`CPUSampler`).
    var cpuNanoseconds: [String: UInt64] = [:]
    var warnings: [String] = []
    /// Seconds of the send interval the source waited for the event port to take a frame, and what capped the
    /// run when that was most of it (nil in reports made before they were recorded, and when nothing did).
    var heldBackSeconds: Double?
    var limit: String?
}

extension HopLatency {
    /// springboard's hops in the order an event travels them; `sourceSend` (the load generator's own
    /// wait: the frame's stamp → its PUSH socket took it) comes first.
    static let order = [
        "sourceSend", "sourceToSpringBoard", "springBoardQueue", "springBoardToApp", "appQueue",
        "dispatch", "ackBack", "ack", "endToEnd",
    ]

    /// Names of `hops` in travel order, unknown ones after, alphabetically.
    static func ordered<T>(_ hops: [String: T]) -> [String] {
        order.filter { hops[$0] != nil } + hops.keys.filter { !order.contains($0) }.sorted()
    }
}

/// `--hgrm DIR`: each hop's histogram in HdrHistogram's percentile-distribution format, values in
/// microseconds, one `<hop>.hgrm` per hop, for HdrHistogram's plotter or for diffing two runs.
enum HistogramFiles {
    /// Makes sure `directory` can take the files before a run starts (created if missing), so a bad path is
    /// said at once instead of costing the run's report; throws a one-line reason.
    static func prepare(_ directory: String) throws(HistogramDirectoryError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw HistogramDirectoryError("\(directory) is a file, not a directory") }
        } else {
            do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
                throw HistogramDirectoryError("cannot create \(directory): \(error.localizedDescription)")
            }
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            throw HistogramDirectoryError("\(directory) is not writable")
        }
    }

    /// Writes the non-empty histograms (nanoseconds) and returns the paths written.
    static func write(_ histograms: [String: Histogram<UInt64>], to directory: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var written: [String] = []
        for name in HopLatency.ordered(histograms) {
            guard let histogram = histograms[name], histogram.totalCount > 0 else { continue }
            var text = ""
            histogram.outputPercentileDistribution(to: &text, outputValueUnitScalingRatio: 1000)
            let path = (directory as NSString).appendingPathComponent("\(name).hgrm")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            written.append(path)
        }
        return written
    }
}

/// Why `--hgrm` cannot be used, in a line.
struct HistogramDirectoryError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension LoadReport {
    /// The report as a terminal table.
    var text: String {
        var lines: [String] = []
        let pace = rate > 0 ? "\(rate == rate.rounded() ? format(rate, 0) : String(format: "%g", rate)) frames/s" : "flat out"
        lines.append(
            "hid-source load → \(app): \(pace), \(overload), \(fingers) finger\(fingers == 1 ? "" : "s"), mix \(mix) (seed \(seed))"
                + (interrupted ? ", interrupted" : ""))
        let dropText =
            drops.isEmpty ? "none" : drops.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let elsewhereText = elsewhere.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        lines.append(
            TextTable.render(
                [
                    ["frames", ""],
                    [
                        "  offered",
                        "\(offered)"
                            + (behindSchedule > 0
                                ? " (\(behindSchedule) more were due: the sender fell behind the rate, and the duration ended)"
                                : ""),
                    ],
                    ["  received by springboard", "\(received)" + (sequenceGaps > 0 ? " (\(sequenceGaps) sequence gaps)" : "")],
                    ["  routed to the app", "\(routed)"],
                    ["  delivered", "\(delivered)" + (coalesced > 0 ? " (springboard coalesced \(coalesced) moves)" : "")],
                    ["  queued / in flight", "\(queued) / \(inFlight) events" + (drained ? "" : " (the app did not drain)")],
                    ["  lost", "\(lost)" + (lost > 0 ? " (\(dropText))" : "")],
                    ["  consumed elsewhere", elsewhereText.isEmpty ? "0" : elsewhereText.joined(separator: ", ")],
                    ["  unexplained", "\(unexplained)" + (unexplained == 0 ? "" : "  ← frames nobody accounts for")],
                    ["events", ""],
                    [
                        "  sent to the app",
                        "\(events)" + (cancelsSent > 0 ? " (\(cancelsSent) cancel\(cancelsSent == 1 ? "" : "s"))" : "")
                            + (giveUps > 0 ? ", \(giveUps) give-up\(giveUps == 1 ? "" : "s")" : ""),
                    ],
                    ["  dispatched (acknowledged)", "\(dispatched)"],
                    [
                        "  sendEvent calls in the app",
                        "\(sendEvents)"
                            + (coalescedInApp > 0 ? " (UIKit coalesced \(coalescedInApp) queued moves)" : ""),
                    ],
                    [
                        "throughput",
                        "over the \(format(sendSeconds, 3)) s send interval"
                            + (drainSeconds.map { "; drained at \(format($0, 3)) s" } ?? ""),
                    ],
                    ["  offered", "\(format(throughput.offeredPerSecond, 0)) frames/s"],
                    ["  delivered", "\(format(throughput.deliveredPerSecond, 0)) frames/s"],
                    ["  dispatched", "\(format(throughput.dispatchedEventsPerSecond, 0)) events/s"],
                    ["  sendEvent", "\(format(throughput.sendEventsPerSecond, 0)) calls/s"],
                ], rightAlignedFrom: 99))
        var rows = [["latency (µs)", "count", "p50", "p90", "p99", "p99.9", "max"]]
        for hop in HopLatency.ordered(latency) {
            guard let l = latency[hop] else { continue }
            rows.append([
                "  " + hop, "\(l.count)", format(l.p50, 1), format(l.p90, 1), format(l.p99, 1), format(l.p999, 1),
                format(l.max, 1),
            ])
        }
        lines.append(TextTable.render(rows, rightAlignedFrom: 1))
        lines += displayLines
        if let cpu { lines.append(cpu.line(order: ["source", "springboard", "app"])) }
        if let limit { lines.append("limit: " + limit) }
        if let baseline {
            lines.append(
                "against the raw relay (\(baseline.file)): \(format(baseline.relayFramesPerSecond, 0)) frames/s, "
                    + "endToEnd p50 \(format(baseline.relayEndToEndP50, 1)) µs, p99 \(format(baseline.relayEndToEndP99, 1)) µs")
            lines.append(
                "  throughput \(ratio(baseline.throughput)) of the relay's; endToEnd p50 \(ratio(baseline.endToEndP50)), "
                    + "p99 \(ratio(baseline.endToEndP99)) the relay's")
        }
        for warning in warnings { lines.append("warning: \(warning)") }
        return lines.joined(separator: "\n")
    }

    /// The display's lines: frames, samples per move, and touch-to-present by kind ("n/a" when the app sent no
    /// `frames`: an app without a display, or an older one).
    var displayLines: [String] {
        guard let display else { return ["display: n/a (springboard does not read `frames`)"] }
        let samples = display.samplesPerMove.map { format($0, 2) } ?? "n/a"
        guard display.framesPresented > 0 else {
            return ["display: the app sent no `frames` (touch-to-present n/a); samples per delivered move \(samples)"]
        }
        var lines = [
            "display: \(display.framesPresented) frames presented" + (display.refreshHz.map { " at \($0) Hz" } ?? "")
                + ", \(display.framesMissed) missed; \(display.eventsPresented) of \(display.eventsTracked) events presented; "
                + "\(samples) samples per delivered move"
        ]
        var rows = [["touch-to-present (µs)", "count", "p50", "p90", "p99", "p99.9", "max"]]
        for kind in PresentStats.kinds {
            guard let l = touchToPresent[kind] else {
                rows.append(["  " + kind, "0", "n/a", "n/a", "n/a", "n/a", "n/a"])
                continue
            }
            rows.append([
                "  " + kind, "\(l.count)", format(l.p50, 1), format(l.p90, 1), format(l.p99, 1), format(l.p999, 1),
                format(l.max, 1),
            ])
        }
        lines.append(TextTable.render(rows, rightAlignedFrom: 1))
        return lines
    }

    private func ratio(_ value: Double?) -> String { value.map { "\(format($0, 2))×" } ?? "n/a" }

    private func format(_ value: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", value) }
}

extension LoadReport {
    /// What capped a run whose source spent most of its send interval held back (issue 26: a flat-out run against
    /// Maps offered 50,000 frames, against the bench app 278,501). The event port is a PUSH/PULL pair with libzmq's
    /// default high-water marks (1000 frames each side): once they are full, a send waits until springboard has
    /// read, and libzmq wakes a waiting sender when the queue has drained by a batch, not per frame, so a run that
    /// is held back to its end offers a round number (27,000 and 33,001 measured against Maps, 119,001 against the
    /// bench app). What held it back is the slowest stage after the source: the
    /// process with the most CPU per delivered frame, or springboard pausing the port for a full app queue.
    static func limit(
        heldBack: Double, sendSeconds: Double, offered: UInt64, app: String, pauses: UInt64, cpu: CPUCost?
    ) -> String? {
        guard sendSeconds > 0, heldBack >= 0.2 * sendSeconds else { return nil }
        var text = String(
            format: "the source waited %.3f s of the %.3f s send interval for the event port to take frames: ", heldBack,
            sendSeconds)
        text += "offered/s is what the pipeline took, not what the source can make"
        let perFrame = (cpu?.microsecondsPerFrame ?? [:]).filter { $0.key != "total" }
        if let (slowest, micros) = perFrame.filter({ $0.key != "source" }).max(by: { $0.value < $1.value }) {
            let other = perFrame.filter { $0.key != "source" && $0.key != slowest }.sorted { $0.key < $1.key }
                .map { String(format: "%@ %.2f", $0.key, $0.value) }.joined(separator: ", ")
            let name = slowest == "app" ? "the app (\(app))" : slowest
            text +=
                String(format: "; the slowest stage: %@, %.2f µs CPU per delivered frame", name, micros)
                + (other.isEmpty ? "" : " (\(other))")
        }
        if pauses > 0 {
            text += "; springboard paused reading the event port \(pauses) time(s) while an app's queue was full"
        }
        if offered % 500 <= 1 {
            text +=
                "; held back to the end, the source was given room in batches (libzmq wakes a blocked sender when "
                + "its queue has drained by a batch, not per frame), hence the round \(offered)"
        }
        return text
    }
}
