import ControlProtocol
import Histogram
import LoadGeneration

extension LoadReport {
    init(_ outcome: LoadOutcome) {
        let stats = outcome.stats, sent = outcome.sent, settings = outcome.settings
        let target = stats.apps.first { $0.bundleID == outcome.app }
        let others = stats.apps.filter { $0.bundleID != outcome.app }
        app = outcome.app
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
        for (hop, histogram) in stats.histograms ?? [:] where histogram.totalCount > 0 {
            latency[hop] = HopLatency(nanoseconds: histogram, exactMeanMicroseconds: stats.latency[hop]?.meanMicroseconds)
        }
        self.latency = latency
        cpu = CPUCost(frames: delivered, nanoseconds: outcome.cpuNanoseconds, expected: ["source", "springboard", "app"])
        baseline = settings.baseline.map {
            BaselineRatios(
                file: $0.paths.joined(separator: ", "), relay: $0.relay, deliveredPerSecond: throughput.deliveredPerSecond,
                endToEnd: latency["endToEnd"])
        }
    }
}
