import Synchronization

/// A tracer that keeps every record. Thread-safe, so another thread may read it while the loop runs.
public final class RunLoopTraceCollector: RunLoopTracer, Sendable {
    private let storage = Mutex<[RunLoopTraceRecord]>([])

    public init() {}

    public func record(_ record: RunLoopTraceRecord) {
        storage.withLock { $0.append(record) }
    }

    public var records: [RunLoopTraceRecord] { storage.withLock { $0 } }

    /// The records' lines, e.g. `["entry default", "before timers", ...]`.
    public var lines: [String] { records.map(\.line) }

    public func removeAll() {
        storage.withLock { $0.removeAll() }
    }
}
