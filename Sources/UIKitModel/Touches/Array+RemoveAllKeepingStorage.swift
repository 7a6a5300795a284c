extension Array {
    /// Empties a short scratch array, keeping its storage: the per-frame lists of touches, windows and
    /// recognizers hold a few elements, and popping them costs less than `removeAll(keepingCapacity:)`, which
    /// goes through the general `replaceSubrange` (issue 27: about 200 instructions a call, several calls a frame).
    @inline(__always)
    mutating func removeAllKeepingStorage() {
        while !isEmpty { removeLast() }
    }
}
