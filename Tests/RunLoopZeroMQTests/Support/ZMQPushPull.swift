import Foundation
import TestSupport
import ZeroMQ

/// A PUSH -> PULL pair, inproc unless told `ipc`. The PULL socket is what a run loop's source1 waits on.
final class ZMQPushPull {
    let context: ZMQContext
    let push: ZMQSocket
    let pull: ZMQSocket
    private let directory: TemporaryDirectory?

    init(ipc: Bool = false) throws {
        context = try ZMQContext()
        pull = try context.socket(.pull)
        push = try context.socket(.push)
        try pull.setLinger(0)
        try push.setLinger(0)
        let endpoint: String
        if ipc {
            let directory = try TemporaryDirectory(prefix: "rlzmq")
            self.directory = directory
            endpoint = "ipc://" + directory.url.appendingPathComponent("pull.sock").path
        } else {
            directory = nil
            endpoint = "inproc://runloop-test-\(UUID().uuidString)"
        }
        try pull.bind(endpoint)
        try push.connect(endpoint)
    }

    deinit {
        if let directory { try? FileManager.default.removeItem(at: directory.url) }
    }

    /// Waits (up to 5 s) until the PULL side has a message: over ipc it comes on libzmq's I/O thread's time.
    func waitUntilReadable() throws {
        var poller = ZMQPoller()
        poller.add(socket: pull, events: .in)
        _ = try poller.poll(timeoutMilliseconds: 5000)
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
