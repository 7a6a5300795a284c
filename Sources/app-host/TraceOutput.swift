import ArgumentParser
import UIKitModel

/// How `app-host run` prints trace records: the text iOS would log, explained lines, or JSON records,
/// optionally only some groups (`--only touches,actions,recognizers`).
struct TraceOutput {
    static let groupNames = UITraceGroups.named.map(\.name) + ["events", "runLoop"]

    var json: Bool
    var explain: Bool
    /// nil: everything.
    var only: Set<String>?

    init(json: Bool, explain: Bool, only: String?) throws {
        self.json = json
        self.explain = explain
        guard let only else { return }
        let names = only.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
        for name in names where !Self.groupNames.contains(name) {
            throw ValidationError("--only: unknown group '\(name)' (groups: \(Self.groupNames.joined(separator: ", ")))")
        }
        self.only = Set(names)
    }

    /// Whether the recorder should add headers, pass labels and recognizer transitions.
    var explains: Bool { json || explain }

    func print(_ line: UITraceLine) {
        // Headers, pass labels and transitions exist only in explained traces (or for a timeline).
        guard explains || line.kind == .call || line.kind == .line else { return }
        if let only {
            // Event headers mark where each event starts: kept when explaining.
            guard (explain && (line.kind == .event || line.kind == .callout)) || line.group.map(only.contains) == true
            else { return }
        }
        Swift.print(json ? line.jsonLine : explain ? line.explained : line.text)
    }
}
