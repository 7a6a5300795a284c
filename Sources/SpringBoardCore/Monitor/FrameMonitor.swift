import ControlProtocol
import Foundation
import ZeroMQ

/// The frame monitor's socket (XPUB): one `MonitorRecord` per event-port frame, as JSON, while at least one
/// subscriber listens (`sbctl monitor`). Nobody listening costs one Bool test per frame. A record the socket
/// cannot take (a subscriber too slow, at its high-water mark) is counted in `dropped`, never waited for:
/// routing never stalls for a watcher (springboard counts both: `monitorRecords`, `monitorRecordsDropped`).
final class FrameMonitor {
    let socket: ZMQSocket
    /// Someone subscribes (XPUB hands up the first subscribe and the last unsubscribe of a topic).
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
