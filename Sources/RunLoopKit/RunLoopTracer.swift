import Synchronization

/// Receives a record for every activity and callout of a loop whose `tracer` it is. Called on the
/// loop's thread, synchronously, in the order things happen.
package protocol RunLoopTracer: AnyObject {
    func record(_ record: RunLoopTraceRecord)
}

/// One traced step of a run: an activity the loop reached, or a callout it made.
package struct RunLoopTraceRecord: Hashable, Sendable, CustomStringConvertible {
    package enum Kind: Hashable, Sendable {
        /// The loop reached an activity (recorded whether or not observers watch it).
        case activity(RunLoopActivity)
        /// An observer's callout for that activity.
        case observer(RunLoopActivity)
        case source0
        case source1
        case timer
        case block
    }

    package let kind: Kind
    /// The mode being run.
    package let mode: RunLoopMode
    /// The observer's, source's or timer's `name`.
    package let name: String?
    /// The loop clock's `now` when recorded.
    package let time: UInt64
    /// 1 for a run, 2 for a run nested in one of its callouts, and so on.
    package let depth: Int

    package init(kind: Kind, mode: RunLoopMode, name: String?, time: UInt64, depth: Int) {
        self.kind = kind
        self.mode = mode
        self.name = name
        self.time = time
        self.depth = depth
    }

    /// `entry default`, `before timers`, `before sources`, `source0 fired <name>`, `before waiting`,
    /// `after waiting`, `timer fired <name>`, `source1 fired <name>`, `observer fired <name>`, `block`,
    /// `exit default` (an unnamed item's line ends after `fired`).
    package var line: String {
        let suffix = name.map { " " + $0 } ?? ""
        switch kind {
        case .activity(.entry): return "entry \(mode)"
        case .activity(.exit): return "exit \(mode)"
        case .activity(let activity): return activity.description
        case .observer: return "observer fired" + suffix
        case .source0: return "source0 fired" + suffix
        case .source1: return "source1 fired" + suffix
        case .timer: return "timer fired" + suffix
        case .block: return "block"
        }
    }

    package var description: String { line }
}

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
