import Foundation

/// Relative weights of the gestures in a load run, from `--mix drag=8,tap=1,pinch=1`.
package struct GestureMix: Equatable, CustomStringConvertible {
    package static let standard = GestureMix(weights: [.drag: 8, .tap: 1, .pinch: 1])

    private(set) var weights: [GestureKind: Int]
    private let total: Int

    init(weights: [GestureKind: Int]) {
        self.weights = weights
        total = weights.values.reduce(0, +)
    }

    /// Parses `name=weight` pairs separated by commas; throws a message naming what is wrong.
    package init(parsing text: String) throws(GestureMixError) {
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

    package var description: String {
        GestureKind.allCases.compactMap { kind in weights[kind].map { "\(kind.rawValue)=\($0)" } }.joined(separator: ",")
    }
}

/// The gestures `hid-source load` mixes, each built like a digitizer reports it: a down, moves, an up.
package enum GestureKind: String, CaseIterable, Codable {
    /// Fingers (`--fingers`) go down together, travel in a straight line, lift together.
    case drag
    /// Fingers (`--fingers`) go down and lift in the next frame, without moving.
    case tap
    /// Two fingers spread apart or close in around a centre.
    case pinch
}

/// What is wrong with a `--mix` value; the text names the item.
package enum GestureMixError: Error, CustomStringConvertible {
    case malformedItem(String)
    case unknownGesture(String)
    case duplicate(GestureKind)
    case badWeight(String)
    case allZero

    package var description: String {
        let known = GestureKind.allCases.map(\.rawValue).joined(separator: ", ")
        switch self {
        case .malformedItem(let item): return "--mix: \"\(item)\" is not name=weight (e.g. drag=8,tap=1,pinch=1)"
        case .unknownGesture(let name): return "--mix: unknown gesture \"\(name)\" (known: \(known))"
        case .duplicate(let kind): return "--mix: \(kind.rawValue) is given twice"
        case .badWeight(let item): return "--mix: the weight in \"\(item)\" must be a whole number >= 0"
        case .allZero: return "--mix: at least one weight must be positive"
        }
    }
}
