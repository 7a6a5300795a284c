/// A tiny, fast, seeded PRNG (Steele, Lea, Flood 2014) for generating HID input: the same seed gives the same
/// frames, so a load run (`hid-source load --seed`) or a validation test can be repeated exactly, which
/// `SystemRandomNumberGenerator` cannot; and it costs nothing per byte.
package struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<bound (bound > 0); the tiny modulo bias is irrelevant for test inputs.
    package mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    package mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}
