import ControlProtocol
import EventPort
import HIDEvent

// What became of each frame, for `sbctl monitor`: read from the counters every frame moves (each frame read is
// counted in exactly one bucket, see `SpringBoardCounters.eventPortDrops`), so routing itself carries no
// monitor code and pays nothing while nobody watches.
extension EventPortReader {
    /// The counters a frame can move, before it is handled.
    struct FrameOutcomeSnapshot {
        var routedToHome: UInt64
        var consumedBySystem: UInt64
        var homeButtonFrames: UInt64
        var endMarkers: UInt64
        var keepAlives: UInt64
        var markersRefused: UInt64
        var portDrops: DropCounts
        var apps: [(app: AppRecord, routed: UInt64, sent: UInt64, queued: Int, drops: DropCounts)]
    }

    /// Non-nil only while someone watches. Inlined: the check runs for every frame, the snapshot almost never.
    @inline(__always) func monitorSnapshot() -> FrameOutcomeSnapshot? {
        guard let frameMonitor, frameMonitor.isWatched else { return nil }
        return takeMonitorSnapshot()
    }

    private func takeMonitorSnapshot() -> FrameOutcomeSnapshot {
        FrameOutcomeSnapshot(
            routedToHome: counters.routedToHome, consumedBySystem: counters.consumedBySystem,
            homeButtonFrames: counters.homeButtonFrames, endMarkers: counters.endMarkers, keepAlives: counters.keepAlives,
            markersRefused: counters.markersRefused, portDrops: counters.eventPortDrops,
            apps: registry.apps.map { ($0, $0.counters.routed, $0.counters.sent, $0.outbound.count, $0.counters.drops) })
    }

    /// Publishes the record of the frame in `bytes`, handled since `before` was taken.
    func publishFrame(_ bytes: UnsafeRawBufferPointer, kind override: String? = nil, since before: FrameOutcomeSnapshot) {
        var record = MonitorRecord(kind: override ?? "malformed", time: clock.now, outcome: "dropped")
        if override == nil, !EndMarker.matches(bytes), let view = try? HIDMessageView(validating: bytes) {
            record.sender = view.senderID
            record.sequence = view.sequence
            switch view.kind {
            case .digitizer:
                record.kind = "digitizer"
                record.fingers = view.fingers.map {
                    MonitorRecord.Finger(index: $0.transducerIndex, phase: Self.phaseName($0.phase), x: $0.x, y: $0.y)
                }
            case .button:
                record.kind = "button"
                if let button = view.button { record.detail = "\(button.button) \(button.isDown ? "down" : "up")" }
            case .motion:
                record.kind = "motion"
            }
        } else if override == nil, EndMarker.matches(bytes), let marker = try? EndMarker.decode(bytes) {
            record.kind = marker.isKeepAlive ? "keepAlive" : "endMarker"
            record.sender = marker.senderID
        }
        describeOutcome(&record, since: before)
        count(frameMonitor?.publish(record) ?? false)
    }

    func drainMonitorSubscriptions() {
        guard let frameMonitor else { return }
        let (sent, refused) = frameMonitor.drainSubscriptions(now: clock.now)
        counters.monitorRecords &+= sent
        counters.monitorRecordsDropped &+= refused
    }

    private func count(_ published: Bool) {
        if published { counters.monitorRecords &+= 1 } else { counters.monitorRecordsDropped &+= 1 }
    }

    private func describeOutcome(_ record: inout MonitorRecord, since before: FrameOutcomeSnapshot) {
        for entry in before.apps where entry.app.counters.routed > entry.routed {
            record.outcome = "app"
            record.target = entry.app.bundleID
            if let reason = Self.newDrop(entry.app.counters.drops, since: entry.drops) {
                record.reason = reason
            } else if entry.app.outbound.count > entry.queued {
                record.reason = "queued"
            } else if entry.app.counters.sent > entry.sent {
                record.reason = "sent"
            } else {
                record.reason = "coalesced"
            }
            return
        }
        if counters.routedToHome > before.routedToHome {
            record.outcome = "home"
        } else if counters.consumedBySystem > before.consumedBySystem {
            record.outcome = "system"
        } else if counters.homeButtonFrames > before.homeButtonFrames {
            record.outcome = "springboard"
            record.reason = "home button"
        } else if counters.markersRefused > before.markersRefused {
            record.outcome = "dropped"
            record.reason = "markerRefused"
        } else if counters.endMarkers > before.endMarkers || counters.keepAlives > before.keepAlives {
            record.outcome = "springboard"
        } else if let reason = Self.newDrop(counters.eventPortDrops, since: before.portDrops) {
            record.outcome = "dropped"
            record.reason = reason
        }
    }

    private static func newDrop(_ now: DropCounts, since before: DropCounts) -> String? {
        DropReason.allCases.first { now[$0] > before[$0] }?.name
    }

    private static func phaseName(_ phase: HIDDigitizerPhase) -> String {
        if phase.contains(.cancelled) { return "cancelled" }
        if phase.contains(.ended) { return "ended" }
        if phase.contains(.began) { return "began" }
        if phase.contains(.changed) { return "moved" }
        return "stationary"
    }
}
