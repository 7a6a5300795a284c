import CZeroMQ
import Foundation

struct ZMQTestError: Error, CustomStringConvertible {
    let operation: String
    let code: Int32
    var description: String { "\(operation) failed: \(String(cString: zmq_strerror(code)))" }
}

/// An inproc PUSH -> PULL pair made with raw libzmq calls (the ZeroMQ wrapper is developed in
/// parallel). The PULL socket is what a run loop's source1 waits on.
final class ZMQPushPull {
    let context: UnsafeMutableRawPointer
    let push: UnsafeMutableRawPointer
    let pull: UnsafeMutableRawPointer
    private var closed = false

    init() throws {
        context = zmq_ctx_new()
        guard let pull = zmq_socket(context, ZMQ_PULL), let push = zmq_socket(context, ZMQ_PUSH) else {
            throw ZMQTestError(operation: "zmq_socket", code: zmq_errno())
        }
        self.pull = pull
        self.push = push
        var linger: Int32 = 0
        zmq_setsockopt(pull, ZMQ_LINGER, &linger, MemoryLayout<Int32>.size)
        zmq_setsockopt(push, ZMQ_LINGER, &linger, MemoryLayout<Int32>.size)
        let endpoint = "inproc://runloop-test-\(UUID().uuidString)"
        guard zmq_bind(pull, endpoint) == 0 else { throw ZMQTestError(operation: "zmq_bind", code: zmq_errno()) }
        guard zmq_connect(push, endpoint) == 0 else { throw ZMQTestError(operation: "zmq_connect", code: zmq_errno()) }
    }

    deinit {
        close()
    }

    /// Sends one frame from the PUSH side (blocking; inproc with room in the pipe returns at once).
    func send(_ bytes: [UInt8]) throws {
        let sent = bytes.withUnsafeBytes { zmq_send(push, $0.baseAddress, $0.count, 0) }
        guard sent == bytes.count else { throw ZMQTestError(operation: "zmq_send", code: zmq_errno()) }
    }

    /// Receives one frame on the PULL side without waiting; nil when none is queued.
    func receive() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = zmq_recv(pull, &buffer, buffer.count, ZMQ_DONTWAIT)
        return count < 0 ? nil : Array(buffer[0..<Int(count)])
    }

    func close() {
        guard !closed else { return }
        closed = true
        zmq_close(push)
        zmq_close(pull)
        zmq_ctx_term(context)
    }
}
