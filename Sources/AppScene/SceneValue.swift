import Foundation
import UIKitModel
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

extension SceneValue {
    /// `log: true` (every group), `log: false`, `log: touches` or `log: [touches, hitTest]`.
    func logGroups() throws -> Trace.Groups {
        if case .scalar(let scalar) = node, let flag = Bool(scalar.string) { return flag ? .all : [] }
        let names: [SceneValue]
        if case .sequence = node { names = try sequence() } else { names = [self] }
        var groups: Trace.Groups = []
        for name in names {
            guard let group = Trace.Groups(name: try name.string()) else {
                throw name.mismatch("true, false or log groups (\(Trace.Groups.named.map(\.name).joined(separator: ", ")))")
            }
            groups.formUnion(group)
        }
        return groups
    }

    /// Whether `log:` named its groups (a list or a name) rather than saying true or false.
    var namesLogGroups: Bool {
        if case .scalar(let scalar) = node, Bool(scalar.string) != nil { return false }
        return true
    }
}

/// A YAML mapping with string keys, read key by key. Every reader fails with the key's path; `checkKeys`
/// rejects keys nobody reads, so a typo (`alpah: 0.5`) is an error rather than silently ignored.
struct SceneMapping {
    let value: SceneValue
    private let entries: [(key: String, value: Node)]

    init(_ value: SceneValue) throws {
        guard case .mapping(let mapping) = value.node else { throw value.mismatch("a mapping") }
        var entries: [(key: String, value: Node)] = []
        var seen = Set<String>()
        for (keyNode, valueNode) in mapping {
            guard case .scalar(let key) = keyNode else {
                throw SceneError(path: value.path, message: "keys must be strings", line: keyNode.mark?.line)
            }
            guard seen.insert(key.string).inserted else {
                throw SceneError(path: Self.join(value.path, key.string), message: "duplicate key", line: keyNode.mark?.line)
            }
            entries.append((key.string, valueNode))
        }
        self.value = value
        self.entries = entries
    }

    var path: String { value.path }
    var keys: [String] { entries.map(\.key) }

    static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// Fails on the first key not in `allowed`, suggesting the closest allowed key (a typo) and listing
    /// what is allowed.
    func checkKeys(_ allowed: Set<String>) throws {
        for entry in entries where !allowed.contains(entry.key) {
            let suggestion = SceneSuggestion.closest(to: entry.key, in: allowed).map { "; did you mean '\($0)'?" } ?? ""
            throw SceneError(
                path: Self.join(path, entry.key),
                message: "unknown key\(suggestion) (expected one of: \(allowed.sorted().joined(separator: ", ")))",
                line: entry.value.mark?.line)
        }
    }

    func contains(_ key: String) -> Bool {
        entries.contains { $0.key == key }
    }

    subscript(key: String) -> SceneValue? {
        guard let entry = entries.first(where: { $0.key == key }) else { return nil }
        return SceneValue(node: entry.value, path: Self.join(path, key))
    }

    func required(_ key: String) throws -> SceneValue {
        guard let found = self[key] else { throw self.value.error("missing required key '\(key)'") }
        return found
    }

    func string(_ key: String) throws -> String? { try self[key]?.string() }
    func double(_ key: String) throws -> Double? { try self[key]?.double() }
    func int(_ key: String) throws -> Int? { try self[key]?.int() }
    func bool(_ key: String) throws -> Bool? { try self[key]?.bool() }
    func mapping(_ key: String) throws -> SceneMapping? { try self[key]?.mapping() }
    func sequence(_ key: String) throws -> [SceneValue]? { try self[key]?.sequence() }
}

/// "Did you mean": the known name closest to a mistyped one, by edit distance (insertions, deletions,
/// substitutions and swaps of neighbours each count 1; letter case is free), when it is close enough to be a
/// typo: at most 1 edit for names up to 4 letters, 2 for longer ones, and fewer than half the name.
package enum SceneSuggestion {
    package static func closest(to word: String, in candidates: some Collection<String>) -> String? {
        let limit = word.count <= 4 ? 1 : 2
        var best: (name: String, distance: Int)?
        for candidate in candidates.sorted() {
            let distance = editDistance(word.lowercased(), candidate.lowercased())
            guard distance <= limit, distance * 2 < max(word.count, 2) else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Optimal string alignment distance (Damerau–Levenshtein without repeated edits of one substring).
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
