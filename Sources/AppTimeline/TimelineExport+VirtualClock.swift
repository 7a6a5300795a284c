extension TimelineExport {
    /// Microseconds from the run's clock; steps at one instant 1 µs apart (see the type's comment).
    struct VirtualClock {
        private(set) var lastNs: UInt64 = 0
        private var lastTs: Double = -1

        mutating func next(_ ns: UInt64) -> Double {
            lastNs = max(lastNs, ns)
            lastTs = max(lastTs + 1, Double(ns / 1000))
            return lastTs
        }
    }
}
