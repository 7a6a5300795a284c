import Foundation
import UIKitModel
import ZeroMQ
#if canImport(Glibc)
    import Glibc
#endif

/// Where an app's trace lines go as they are recorded: stdout (text), a JSON-lines file, a PUB socket.
/// One JSON object per line: `{"app":"com.example.maps","pid":123,"seq":1,"time":123456,"text":"-[MapView touchesBegan:withEvent:]"}`.
final class TraceSink {
    private let bundleID: String
    private let pid: Int32
    private let toStdout: Bool
    private var file: UnsafeMutablePointer<FILE>?
    private var publisher: ZMQSocket?
    private var sequence: UInt64 = 0

    init(bundleID: String, toStdout: Bool, filePath: String?, publishEndpoint: String?, context: ZMQContext) throws {
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

    func write(_ line: UITraceLine) {
        sequence &+= 1
        if toStdout {
            // Unbuffered, as the line is followed live (Swift 6 does not allow the C `stdout` global).
            try? FileHandle.standardOutput.write(contentsOf: Data((line.text + "\n").utf8))
        }
        guard file != nil || publisher != nil else { return }
        let json =
            "{\"app\":\(JSONStringLiteral.quoted(bundleID)),\"pid\":\(pid),\"seq\":\(sequence),\"time\":\(line.time),\"text\":\(JSONStringLiteral.quoted(line.text))}"
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
