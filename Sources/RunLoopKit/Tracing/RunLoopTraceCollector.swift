/// A tracer that keeps every record. Thread-safe, so another thread may read it while the loop runs.
public final class RunLoopTraceCollector: RunLoopTracer, @unchecked Sendable {
    private let lock = RunLoopLock()
    private var storage: [RunLoopTraceRecord] = []

    public init() {}

    public func record(_ record: RunLoopTraceRecord) {
        lock.withLock { storage.append(record) }
    }

    public var records: [RunLoopTraceRecord] { lock.withLock { storage } }

    /// The records' lines, e.g. `["entry default", "before timers", ...]`.
    public var lines: [String] { records.map(\.line) }

    public func removeAll() {
        lock.withLock { storage.removeAll() }
    }
}
