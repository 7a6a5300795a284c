import Foundation
import Yams

/// `deploy/ensemble.yaml`, read with a YAML library (not by hand) for `deploy/ensemble`: every key is known and
/// every value checked, and the result is printed as shell assignments (`springboard --print-ensemble FILE`).
struct EnsembleFile {
    /// Top-level keys and what their values must be.
    enum Kind { case path, positiveInteger, boolean, overload }
    static let keys: [(name: String, kind: Kind)] = [
        ("runtime_dir", .path), ("ack_timeout_ms", .positiveInteger), ("heartbeat_ms", .positiveInteger),
        ("app_quiet", .boolean), ("ack_window", .positiveInteger), ("min_ack_window", .positiveInteger),
        ("outbound_capacity", .positiveInteger), ("coalesce_limit", .positiveInteger), ("overload", .overload),
        ("refresh_rate", .positiveInteger), ("immediate_dispatch", .boolean),
    ]

    /// Values by key; an absent or empty key is absent.
    var values: [String: String] = [:]
    /// The `apps:` list's `scene:` paths, in order (the order of the home screen's icons).
    var scenes: [String] = []
    /// Each app's `executable:` (an app-host of your own; empty: springboard's app-host), parallel to `scenes`.
    var executables: [String] = []
    /// More than one host (`hosts:`, `springboard:`, `load:` and each app's `host:`), nil on one machine.
    var multiHost: MultiHost?

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    static func load(_ path: String) throws -> EnsembleFile {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw Problem(description: "\(path): cannot read: \(error.localizedDescription)")
        }
        let root: Any?
        do { root = try Yams.load(yaml: text) } catch { throw Problem(description: "\(path): not YAML: \(error)") }
        guard let mapping = root as? [String: Any?] else { throw Problem(description: "\(path): expected a mapping of keys") }
        var file = EnsembleFile()
        let known = Set(keys.map(\.name) + ["apps"] + MultiHost.topLevelKeys)
        if let unknown = mapping.keys.sorted().first(where: { !known.contains($0) }) {
            throw Problem(description: "\(path): unknown key \"\(unknown)\" (known: \(known.sorted().joined(separator: ", ")))")
        }
        for (name, kind) in keys {
            guard let entry = mapping[name], let value = entry, !(value is NSNull) else { continue }  // `key:` alone
            let text = "\(value)"
            switch kind {
            case .path:
                guard value is String else { throw Problem(description: "\(path): \(name) must be a path") }
            case .positiveInteger:
                guard let number = value as? Int, number > 0 else {
                    throw Problem(description: "\(path): \(name) must be a positive integer, not \"\(text)\"")
                }
            case .boolean:
                guard value is Bool else { throw Problem(description: "\(path): \(name) must be true or false, not \"\(text)\"") }
            case .overload:
                guard ["shed", "backpressure"].contains(text) else {
                    throw Problem(description: "\(path): overload must be shed or backpressure, not \"\(text)\"")
                }
            }
            if !text.isEmpty { file.values[name] = text }
        }
        if file.values["refresh_rate"] != nil, file.values["immediate_dispatch"] == "true" {
            throw Problem(description: "\(path): refresh_rate cannot go with immediate_dispatch: true (no display)")
        }
        if let entry = mapping["apps"], let apps = entry, !(apps is NSNull) {
            guard let list = apps as? [Any?] else {
                throw Problem(description: "\(path): apps must be a list of `- scene: FILE`")
            }
            var appHosts: [String?] = []
            for (index, item) in list.enumerated() {
                guard let app = item as? [String: Any?], let scene = app["scene"] as? String, !scene.isEmpty,
                    Set(app.keys).isSubset(of: ["scene", "host", "executable"])
                else {
                    throw Problem(
                        description: "\(path): apps item \(index + 1) must be `- scene: FILE` (and, with hosts:, `host: NAME`; "
                            + "`executable: PATH` for an app-host of your own)")
                }
                let executable = app["executable"].flatMap(MultiHost.present)
                if let executable, !(executable is String) {
                    throw Problem(description: "\(path): apps item \(index + 1): executable must be a path")
                }
                file.scenes.append(scene)
                file.executables.append((executable as? String) ?? "")
                appHosts.append(app["host"].flatMap(MultiHost.present).map { "\($0)" })
            }
            if appHosts.contains(where: { $0 != nil }), mapping["hosts"] == nil {
                throw Problem(description: "\(path): an app's host: needs a hosts: list naming it")
            }
            file.appHosts = appHosts
        }
        if MultiHost.topLevelKeys.contains(where: { mapping[$0].flatMap(MultiHost.present) != nil }) {
            file.multiHost = try MultiHost(mapping, apps: file.scenes, appHosts: file.appHosts, path: path)
        }
        return file
    }

    /// Each app's `host:` (nil: springboard's), parallel to `scenes`.
    var appHosts: [String?] = []

    /// `ENSEMBLE_<key>='value'` lines and `ENSEMBLE_scenes=(...)`, single-quoted for the shell; with more than one
    /// host, the hosts, springboard's endpoints and each app's host and bundle id after them.
    var shellAssignments: String {
        var lines = Self.keys.map { "ENSEMBLE_\($0.name)=\(Self.quoted(values[$0.name] ?? ""))" }
        lines.append("ENSEMBLE_scenes=(\(scenes.map(Self.quoted).joined(separator: " ")))")
        // Only when some app has one: a file without `executable:` prints what it always did.
        if executables.contains(where: { !$0.isEmpty }) {
            lines.append("ENSEMBLE_executables=(\(executables.map(Self.quoted).joined(separator: " ")))")
        }
        if let multiHost { lines += multiHost.shellAssignments }
        return lines.joined(separator: "\n")
    }

    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
