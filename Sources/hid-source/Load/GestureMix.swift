import Foundation

/// Relative weights of the gestures in a load run, from `--mix drag=8,tap=1,pinch=1`.
struct GestureMix: Equatable, CustomStringConvertible {
    static let standard = GestureMix(weights: [.drag: 8, .tap: 1, .pinch: 1])

    private(set) var weights: [GestureKind: Int]
    private let total: Int

    init(weights: [GestureKind: Int]) {
        self.weights = weights
        total = weights.values.reduce(0, +)
    }

    /// Parses `name=weight` pairs separated by commas; throws a message naming what is wrong.
    init(parsing text: String) throws(GestureMixError) {
        var weights: [GestureKind: Int] = [:]
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw .malformedItem(String(item)) }
            let name = parts[0].trimmingCharacters(in: .whitespaces)
            guard let kind = GestureKind(rawValue: name) else { throw .unknownGesture(name) }
            guard weights[kind] == nil else { throw .duplicate(kind) }
            guard let weight = Int(parts[1].trimmingCharacters(in: .whitespaces)), weight >= 0 else {
                throw .badWeight(String(item))
            }
            weights[kind] = weight
        }
        guard weights.values.contains(where: { $0 > 0 }) else { throw .allZero }
        self.init(weights: weights)
    }

    /// The gesture whose cumulative weight range holds `roll`, a number in 0..<total.
    func pick(_ roll: UInt64) -> GestureKind {
        var remaining = Int(roll % UInt64(total))
        for kind in GestureKind.allCases {
            let weight = weights[kind] ?? 0
            if remaining < weight { return kind }
            remaining -= weight
        }
        return .drag
    }

    var description: String {
        GestureKind.allCases.compactMap { kind in weights[kind].map { "\(kind.rawValue)=\($0)" } }.joined(separator: ",")
    }
}
