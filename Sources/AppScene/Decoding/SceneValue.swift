import Foundation
import Yams

/// One YAML node with its path, and typed readers that fail with a `SceneError` naming the path.
struct SceneValue {
    let node: Node
    let path: String

    init(node: Node, path: String) {
        self.node = node
        self.path = path
    }

    var line: Int? { node.mark?.line }

    func error(_ message: String) -> SceneError {
        SceneError(path: path, message: message, line: line)
    }

    /// How a value is named in "expected X, found Y" messages.
    var foundDescription: String {
        switch node {
        case .scalar(let scalar): return "\"\(scalar.string)\""
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    func mismatch(_ expected: String) -> SceneError {
        error("expected \(expected), found \(foundDescription)")
    }

    func string() throws -> String {
        guard case .scalar(let scalar) = node else { throw mismatch("a string") }
        return scalar.string
    }

    func double() throws -> Double {
        guard case .scalar(let scalar) = node, let value = Double(scalar.string), value.isFinite else {
            throw mismatch("a number")
        }
        return value
    }

    func int() throws -> Int {
        guard case .scalar(let scalar) = node, let value = Int(scalar.string) else { throw mismatch("an integer") }
        return value
    }

    func bool() throws -> Bool {
        guard case .scalar(let scalar) = node else { throw mismatch("true or false") }
        switch scalar.string.lowercased() {
        case "true", "yes": return true
        case "false", "no": return false
        default: throw mismatch("true or false")
        }
    }

    /// A string that must be one of `choices` (`hitTest: self|nil|default`).
    func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type) throws -> T where T.RawValue == String {
        let names = T.allCases.map(\.rawValue)
        guard case .scalar(let scalar) = node, let value = T(rawValue: scalar.string) else {
            throw mismatch("one of \(names.joined(separator: ", "))")
        }
        return value
    }

    func mapping() throws -> SceneMapping {
        try SceneMapping(self)
    }

    func sequence() throws -> [SceneValue] {
        guard case .sequence(let sequence) = node else { throw mismatch("a list") }
        return sequence.enumerated().map { SceneValue(node: $0.element, path: "\(path)[\($0.offset)]") }
    }

    /// A list of numbers, e.g. a frame `[x, y, width, height]`.
    func numbers(count: Int, expected: String) throws -> [Double] {
        guard case .sequence(let sequence) = node, sequence.count == count else { throw mismatch(expected) }
        return try sequence.enumerated().map { try SceneValue(node: $0.element, path: "\(path)[\($0.offset)]").double() }
    }
}
