import ControlProtocol
import EventPort
import Foundation
import HIDEvent
import ZeroMQ

/// The frame monitor's socket (XPUB): one `MonitorRecord` per event-port frame, as JSON, while at least one
/// subscriber listens (`sbctl monitor`). Nobody listening costs one Bool test per frame. A record the socket
/// cannot take (a subscriber too slow, at its high-water mark) is counted in `dropped`, never waited for:
/// routing never stalls for a watcher (springboard counts both: `monitorRecords`, `monitorRecordsDropped`).
final class FrameMonitor {
    let socket: ZMQSocket
    /// Someone subscribes (XPUB hands up the first subscribe and the last unsubscribe of a topic).
    @exclusivity(unchecked)
    private(set) var isWatched = false
    private let encoder = JSONEncoder()

    init(socket: ZMQSocket) throws {
        self.socket = socket
        try socket.setXPubVerbose(true)
        try socket.setXPubNoDrop(true)
        try socket.setLinger(0)
    }

    /// Reads subscription messages (byte 1: subscribe, 0: unsubscribe, then the topic); greets each new
    /// subscriber with a `subscribed` record, so `sbctl monitor` knows the records that follow reach it.
    /// Returns the greetings the socket refused.
    func drainSubscriptions(now: UInt64) -> (sent: UInt64, refused: UInt64) {
        var sent: UInt64 = 0, refused: UInt64 = 0
        while let message = try? socket.receive(dontWait: true) {
            guard let first = message.first else { continue }
            if first == 1 {
                isWatched = true
                if publish(MonitorRecord(kind: "subscribed", time: now, outcome: "springboard")) {
                    sent += 1
                } else {
                    refused += 1
                }
            } else if first == 0 {
                isWatched = false
            }
        }
        return (sent, refused)
    }

    /// False when the socket refused the record (a subscriber at its high-water mark).
    func publish(_ record: MonitorRecord) -> Bool {
        guard let data = try? encoder.encode(record) else { return false }
        return (try? socket.send([UInt8](data), dontWait: true)) ?? false
    }
}

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
