/// Walks of the touch path that do not retain what they visit (issue 27: around every call the optimizer cannot
/// see into, it kept a retain and a release of each touch, record and recognizer walked, 34 retains and 37
/// releases a ten-finger frame in the recognizer delivery alone). Each caller says which strong owner keeps the
/// elements alive for the whole walk; a walk's body must not change the array it walks.
extension Array where Element: AnyObject {
    /// Calls `body` with each element, in order, unretained: the array (which the caller holds for the call)
    /// keeps every element alive. The references are read as `Unmanaged` values, so no retain is ever made.
    @inline(__always)
    func forEachUnretained(_ body: (Element) -> Void) {
        withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            for index in 0..<buffer.count {
                let reference = raw.load(fromByteOffset: index &* MemoryLayout<Element>.stride, as: Unmanaged<Element>.self)
                reference._withUnsafeGuaranteedRef(body)
            }
        }
    }

    /// `forEachUnretained` for an array stored in an object (`event.touchesInOrder`), walked where it is stored:
    /// called as a mutating method the walk reads the stored array in place, where a non-mutating call copied it
    /// out around the body's calls (a retain and a release of its buffer, issue 27). It changes nothing; the
    /// object must keep the array unchanged for the walk.
    @inline(__always)
    mutating func forEachUnretainedInPlace(_ body: (Element) -> Void) {
        forEachUnretained(body)
    }

    /// The element at `index`, unretained (the array, which the caller holds, keeps it alive).
    @inline(__always)
    func unretained(at index: Int) -> Unmanaged<Element> {
        precondition(indices.contains(index), "index out of range")
        return withUnsafeBufferPointer { buffer in
            UnsafeRawPointer(buffer.baseAddress!).load(
                fromByteOffset: index &* MemoryLayout<Element>.stride, as: Unmanaged<Element>.self)
        }
    }

    /// Whether `object` is one of the elements (by identity), compared without retaining any of them. `hint`: where
    /// it probably is, looked at first (a frame's touches come in the order the arrays were built in, so a walk of
    /// ten touches finds each at once instead of searching ten arrays of ten).
    @inline(__always)
    func containsIdentical(_ object: Element, hint: Int = 0) -> Bool {
        let target = Unmanaged.passUnretained(object).toOpaque()
        return withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            let raw = UnsafeRawPointer(base)
            let stride = MemoryLayout<Element>.stride
            if hint >= 0, hint < buffer.count, raw.load(fromByteOffset: hint &* stride, as: UnsafeRawPointer.self) == target {
                return true
            }
            for index in 0..<buffer.count where raw.load(fromByteOffset: index &* stride, as: UnsafeRawPointer.self) == target {
                return true
            }
            return false
        }
    }
}
