import Yams

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

    /// Fails on the first key not in `allowed`, listing what is allowed.
    func checkKeys(_ allowed: Set<String>) throws {
        for entry in entries where !allowed.contains(entry.key) {
            throw SceneError(
                path: Self.join(path, entry.key),
                message: "unknown key (expected one of: \(allowed.sorted().joined(separator: ", ")))",
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
