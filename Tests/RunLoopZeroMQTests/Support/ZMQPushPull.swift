import Foundation
import ZeroMQ

/// An inproc PUSH -> PULL pair. The PULL socket is what a run loop's source1 waits on.
final class ZMQPushPull {
    let context: ZMQContext
    let push: ZMQSocket
    let pull: ZMQSocket

    init() throws {
        context = try ZMQContext()
        pull = try context.socket(.pull)
        push = try context.socket(.push)
        try pull.setLinger(0)
        try push.setLinger(0)
        let endpoint = "inproc://runloop-test-\(UUID().uuidString)"
        try pull.bind(endpoint)
        try push.connect(endpoint)
    }

    /// Sends one frame from the PUSH side (blocking; inproc with room in the pipe returns at once).
    func send(_ bytes: [UInt8]) throws {
        _ = try push.send(bytes)
    }

    /// Receives one frame on the PULL side without waiting; nil when none is queued.
    func receive() -> [UInt8]? {
        (try? pull.receive(dontWait: true)) ?? nil
    }
}
