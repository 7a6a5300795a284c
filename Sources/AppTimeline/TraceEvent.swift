/// One event of Chrome's trace-event format (the JSON chrome://tracing and Perfetto open): `ph` is the phase
/// (`B`/`E` begin and end of a slice on one thread, `X` a complete slice with `dur`, `i` an instant, `s`/`t`/`f`
/// the start, step and end of a flow arrow sharing `id`, `M` metadata naming processes and threads). Times are
/// microseconds.
struct TraceEvent: Codable, Equatable {
    var name: String
    var cat: String?
    var ph: String
    var ts: Double
    var pid: Int
    var tid: Int
    var dur: Double?
    var id: UInt64?
    /// Flow end binding: `e` binds to the enclosing slice.
    var bp: String?
    /// Instant scope: `t` (thread).
    var s: String?
    var args: [String: String]?
}
