import Foundation
import UIKitModel
import ZeroMQ

#if canImport(Glibc)
    import Glibc
#endif

/// Where an app's trace records go as they are recorded: stdout (the text iOS would log), a JSON-lines file,
/// a PUB socket. Each JSON line is one `Trace.Line` record with the app's bundle id and pid
/// (protocols/trace-record.md), the same record `app-host run --json` prints.
final class TraceSink {
    private let bundleID: String
    private let pid: Int32
    private let toStdout: Bool
    private let timestamps: Bool
    @exclusivity(unchecked)
    private var file: UnsafeMutablePointer<FILE>?
    @exclusivity(unchecked)
    private var publisher: ZMQSocket?

    init(
        bundleID: String, toStdout: Bool, timestamps: Bool = false, filePath: String?, publishEndpoint: String?,
        context: ZMQContext
    ) throws {
        self.timestamps = timestamps
        self.bundleID = bundleID
        self.pid = getpid()
        self.toStdout = toStdout
        if let filePath {
            // O_NOFOLLOW: a symlink planted where the trace goes is refused, never written through.
            let fd = open(filePath, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard fd >= 0, let handle = fdopen(fd, "a") else {
                let reason = String(cString: strerror(errno))
                if fd >= 0 { Glibc.close(fd) }
                throw TraceSinkError.cannotOpen(path: filePath, reason: reason)
            }
            setvbuf(handle, nil, _IOLBF, 0)
            file = handle
        }
        if let publishEndpoint {
            let socket = try context.socket(.pub)
            try socket.setLinger(0)
            try socket.bind(publishEndpoint)
            publisher = socket
        }
    }

    deinit { close() }

    func write(_ line: Trace.Line) {
        // Stdout is what iOS would log: explained-only records (headers, transitions) go to tools only.
        if toStdout, line.kind == .call || line.kind == .line {
            // Unbuffered, as the line is followed live (Swift 6 does not allow the C `stdout` global).
            let stamp = timestamps ? String(format: "[%11.6f] ", Double(line.time) / 1e9) : ""
            try? FileHandle.standardOutput.write(contentsOf: Data((stamp + line.text + "\n").utf8))
        }
        guard file != nil || publisher != nil else { return }
        var record = line
        record.app = bundleID
        record.pid = pid
        let json = record.jsonLine
        if let file { fputs(json + "\n", file) }
        if let publisher { _ = try? publisher.send(Array(json.utf8), dontWait: true) }
    }

    func close() {
        if let file { fclose(file) }
        file = nil
        publisher?.close()
        publisher = nil
    }
}

enum TraceSinkError: Error, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)

    var description: String {
        switch self {
        case let .cannotOpen(path, reason): return "cannot open trace file \(path): \(reason)"
        }
    }
}
