import Synchronization

/// A tracer that keeps every record. Thread-safe, so another thread may read it while the loop runs.
package final class RunLoopTraceCollector: RunLoopTracer, Sendable {
    private let storage = Mutex<[RunLoopTraceRecord]>([])

    package init() {}

    package func record(_ record: RunLoopTraceRecord) {
        storage.withLock { $0.append(record) }
    }

    package var records: [RunLoopTraceRecord] { storage.withLock { $0 } }

    /// The records' lines, e.g. `["entry default", "before timers", ...]`.
    package var lines: [String] { records.map(\.line) }

    package func removeAll() {
        storage.withLock { $0.removeAll() }
    }
}
