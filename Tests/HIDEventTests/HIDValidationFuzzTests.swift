import Foundation
import HIDEvent
import XCTest

/// One million random and mutated inputs through the validating view. Each must either validate (and
/// then re-encode to the very same bytes when it is a 1.0 message) or throw a typed error; none may read
/// outside its bytes (in debug builds UnsafeRawBufferPointer loads trap when out of bounds, and the
/// input is a slice of exactly its length). libFuzzer + ASan covers the same code in Tests/Fuzz.
final class HIDValidationFuzzTests: XCTestCase {
    static let inputs = 1_000_000

    func testMillionRandomAndMutatedInputsDecodeOrThrowTypedErrors() throws {
        var rng = SplitMix64(seed: 0xF022_2026)
        let seeds = Self.seeds(&rng)
        let capacity = 8192
        let input = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 8)
        let reencoded = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 8)
        defer { input.deallocate(); reencoded.deallocate() }

        var accepted = 0, acceptedNewerMinor = 0, notCanonical = 0
        var reasons: [HIDDecodeError.Reason: Int] = [:]
        for _ in 0..<Self.inputs {
            let length = Self.makeInput(into: input, seeds: seeds, rng: &rng)
            let bytes = UnsafeRawBufferPointer(rebasing: input[0..<length])
            let view: HIDMessageView
            do throws(HIDDecodeError) {
                view = try HIDMessageView(validating: bytes)
            } catch {
                reasons[error.reason, default: 0] += 1
                continue
            }
            accepted += 1
            if view.versionMinor == 0 {
                // Accepted 1.0 input is canonical: re-encoding gives the same bytes.
                let written = try HIDEncoder.encode(view.message(), into: reencoded)
                if written != length || memcmp(reencoded.baseAddress!, bytes.baseAddress!, length) != 0 { notCanonical += 1 }
            } else {
                acceptedNewerMinor += 1
                _ = view.message()
            }
        }
        let rejected = reasons.values.reduce(0, +)
        XCTAssertEqual(notCanonical, 0, "accepted 1.0 inputs that do not re-encode to the same bytes")
        XCTAssertEqual(accepted + rejected, Self.inputs)
        XCTAssertGreaterThan(accepted, Self.inputs / 50, "too few inputs survive to exercise the deep rules")
        // Every rule was reached at least once.
        XCTAssertEqual(
            Set(reasons.keys), Set(HIDDecodeError.Reason.allCases),
            "never hit: \(Set(HIDDecodeError.Reason.allCases).subtracting(reasons.keys))")
        print(
            "fuzz: accepted \(accepted) (newer minor \(acceptedNewerMinor)), rejected \(rejected):",
            reasons.sorted { $0.value > $1.value }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", "))
    }

    /// The validator's shortcut for plain 1.0 digitizer frames (`HIDMessageValidator.plainDigitizerLayout`, every
    /// rule folded into one comparison an event) against the rule-by-rule walk on the same inputs: it accepts
    /// nothing the rules refuse, gives the same layout, and misses no 1.0 digitizer frame the rules accept.
    func testTheShortcutAcceptsExactlyThePlainDigitizerFramesTheRulesAccept() {
        var rng = SplitMix64(seed: 0x5407_C017)
        let seeds = Self.seeds(&rng)
        let input = UnsafeMutableRawBufferPointer.allocate(byteCount: 8192, alignment: 8)
        defer { input.deallocate() }
        var shortcut = 0, refusedByRules = 0, acceptedElsewhere = 0
        for _ in 0..<200_000 {
            let length = Self.makeInput(into: input, seeds: seeds, rng: &rng)
            let bytes = UnsafeRawBufferPointer(rebasing: input[0..<length])
            let plain = HIDMessageValidator.plainDigitizerLayout(bytes)
            let rules: HIDMessageValidator.Layout?
            do throws(HIDDecodeError) { rules = try HIDMessageValidator.validateRuleByRule(bytes) } catch { rules = nil }
            if let plain {
                shortcut += 1
                XCTAssertEqual(plain, rules, "the shortcut accepted what the rules did not (or read it otherwise)")
                if rules == nil { return }
            } else if let rules {
                // Not the shortcut's: a newer minor, or not a digitizer frame.
                let isPlain = rules.kind == .digitizer && bytes[5] == 0
                XCTAssertFalse(isPlain, "a 1.0 digitizer frame the rules accept missed the shortcut")
                if isPlain { return }
                acceptedElsewhere += 1
            } else {
                refusedByRules += 1
            }
        }
        XCTAssertGreaterThan(shortcut, 2_000)
        XCTAssertGreaterThan(acceptedElsewhere, 200)
        XCTAssertGreaterThan(refusedByRules, 100_000)
    }

    // MARK: Inputs

    static func seeds(_ rng: inout SplitMix64) -> [[UInt8]] {
        var seeds = HIDVectors.valid.map { HIDVectors.encoded($0.message) } + HIDVectors.accepted.map(\.bytes)
        for count in [0, 2, 3, 5] { seeds.append(HIDVectors.encoded(HIDSample.frame(fingers: count))) }
        // Random messages of every kind with few fingers (big frames cost debug time, not coverage).
        while seeds.count < 28 {
            let bytes = HIDVectors.encoded(HIDSample.random(&rng))
            if bytes.count <= 72 + 96 * 5 { seeds.append(bytes) }
        }
        return seeds
    }

    private static let interesting: [UInt32] = [
        0, 1, 2, 3, 4, 11, 33, 34, 96, 100, 104, 0xFF, 0x7F80_0000, 0xFF80_0000,
        0x7FC0_0000, 0x8000_0000, 0xFFFF_FFFF, 0x0100_0003, 0x4548_5054,
    ]

    /// Writes one input into `out` and returns its length (at most out.count).
    static func makeInput(into out: UnsafeMutableRawBufferPointer, seeds: [[UInt8]], rng: inout SplitMix64) -> Int {
        func fillRandom(_ range: Range<Int>) {
            var i = range.lowerBound
            while i < range.upperBound {
                var word = rng.next()
                for _ in 0..<min(8, range.upperBound - i) { out[i] = UInt8(truncatingIfNeeded: word); word >>= 8; i += 1 }
            }
        }
        func copy(_ seed: [UInt8]) -> Int {
            seed.withUnsafeBytes { out.copyMemory(from: $0) }
            return seed.count
        }
        let seed = seeds[rng.below(seeds.count)]
        switch rng.below(20) {
        case 0, 1, 2:  // random bytes, 0...200 long
            let length = rng.below(201)
            fillRandom(0..<length)
            return length
        case 3, 4:  // random bytes behind a plausible envelope
            let length = 64 + rng.below(300)
            fillRandom(0..<length)
            out.storeBytes(of: UInt32(0x4548_5054).littleEndian, toByteOffset: 0, as: UInt32.self)
            out[4] = 1
            out[5] = UInt8(rng.below(3))
            out.storeBytes(of: UInt16(rng.below(5)).littleEndian, toByteOffset: 6, as: UInt16.self)
            out.storeBytes(of: UInt32(length - 64).littleEndian, toByteOffset: 8, as: UInt32.self)
            return length
        case 5...12:  // bit flips
            let length = copy(seed)
            for _ in 0..<(1 + rng.below(4)) {
                let bit = rng.below(length * 8)
                out[bit / 8] ^= 1 << UInt8(bit % 8)
            }
            return length
        case 13, 14:  // an interesting u32 at a random aligned offset
            let length = copy(seed)
            let offset = rng.below(length / 4) * 4
            out.storeBytes(of: interesting[rng.below(interesting.count)].littleEndian, toByteOffset: offset, as: UInt32.self)
            return length
        case 15, 16:  // truncation
            return rng.below(copy(seed) + 1)
        case 17, 18:  // extension, payloadLength fixed up or not
            let length = copy(seed)
            let extra = 1 + rng.below(200)
            fillRandom(length..<(length + extra))
            if rng.chance(50) {
                out.storeBytes(of: UInt32(length + extra - 64).littleEndian, toByteOffset: 8, as: UInt32.self)
            }
            return length + extra
        default:  // splice two seeds
            let other = seeds[rng.below(seeds.count)]
            let cut = rng.below(min(seed.count, other.count))
            _ = copy(seed)
            other.withUnsafeBytes { src in
                UnsafeMutableRawBufferPointer(rebasing: out[cut..<other.count]).copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: src[cut...]))
            }
            return other.count
        }
    }
}
