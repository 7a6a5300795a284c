import Synchronization

/// An append-only, thread-safe log of strings for asserting callout order.
final class TestLog: Sendable {
    private let storage = Mutex<[String]>([])

    func append(_ line: String) {
        storage.withLock { $0.append(line) }
    }

    var lines: [String] { storage.withLock { $0 } }

    func removeAll() {
        storage.withLock { $0.removeAll() }
    }
}
