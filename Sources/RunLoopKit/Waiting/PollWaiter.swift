import Glibc

/// The default waiter: `poll(2)` on file-descriptor ports, its `pollfd` array reused from wait to wait.
final class PollWaiter: RunLoopWaiter {
    private var descriptors: [pollfd] = []

    init() {}

    func wait(on ports: [RunLoopPort], timeoutMilliseconds: Int, ready: inout [Bool]) throws(RunLoopSystemError) -> Int {
        descriptors.removeAll(keepingCapacity: true)
        for port in ports {
            guard case .fileDescriptor(let descriptor) = port else {
                // The loop hands `.object` ports only to their own waiter (see `EventRunLoop.waiter(for:)`).
                preconditionFailure("PollWaiter cannot wait on \(port)")
            }
            descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
        }
        let woken = descriptors.withUnsafeMutableBufferPointer {
            poll($0.baseAddress, nfds_t($0.count), Int32(clamping: timeoutMilliseconds))
        }
        if woken < 0 {
            // A signal: nothing is ready, and the loop waits again with the time left.
            guard errno == EINTR else { throw RunLoopSystemError.lastErrno("poll") }
            return 0
        }
        for index in descriptors.indices where descriptors[index].revents != 0 { ready[index] = true }
        return Int(woken)
    }
}
