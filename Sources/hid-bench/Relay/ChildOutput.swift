import RunLoopKit
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A child's stdout read with deadlines (poll on the pipe), so a relay node that hangs or dies cannot hang
/// `hid-bench relay` with it.
final class ChildOutput {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private(set) var atEnd = false

    init(_ pipe: Pipe) { descriptor = pipe.fileHandleForReading.fileDescriptor }

    /// The next line (without its newline), or nil at the end of the output or the deadline.
    func readLine(timeoutMilliseconds: Int) -> String? {
        let deadline = MonotonicClock.now + UInt64(timeoutMilliseconds) * 1_000_000
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeFirst(newline + 1)
                return line
            }
            guard !atEnd, fill(until: deadline) else { return nil }
        }
    }

    /// Everything up to the end of the output, or nil if it did not end by the deadline.
    func readToEnd(timeoutMilliseconds: Int) -> [UInt8]? {
        let deadline = MonotonicClock.now + UInt64(timeoutMilliseconds) * 1_000_000
        while !atEnd {
            guard fill(until: deadline) else { return atEnd ? buffer : nil }
        }
        defer { buffer.removeAll() }
        return buffer
    }

    /// Reads what is there; false at the deadline or the end.
    private func fill(until deadline: UInt64) -> Bool {
        let now = MonotonicClock.now
        guard now < deadline else { return false }
        var item = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&item, 1, Int32(min((deadline - now) / 1_000_000 + 1, 1000)))
        if ready < 0 { return errno == EINTR }
        if ready == 0 { return true }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let n = read(descriptor, &chunk, chunk.count)
        if n <= 0 {
            if n < 0, errno == EINTR { return true }
            atEnd = true
            return false
        }
        buffer.append(contentsOf: chunk[..<n])
        return true
    }
}
