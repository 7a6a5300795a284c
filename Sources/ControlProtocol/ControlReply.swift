import Foundation

/// A reply on the control socket: `{"ok": true, "command": "...", <result field>}` or
/// `{"ok": false, "command": "...", "error": {"code": "...", "message": "..."}}`. Exactly one result field
/// is present on success, named after the command's result (`apps`, `status`, `stats`, `source`,
/// `foreground` for both `foreground` and `home`).
public struct ControlReply: Codable, Equatable, Sendable {
    public var ok: Bool
    package var command: String
    public var error: ControlError?
    public var apps: [AppInfo]?
    public var status: StatusInfo?
    public var stats: StatsInfo?
    public var source: SourceInfo?
    /// After `sources`: every source springboard remembers.
    public var sources: [SourceInfo]?
    /// After `foreground`/`home`: the app now in the foreground (nil: the home screen).
    public var foreground: String?
    /// After `overload`: the policy now in force.
    public var overload: OverloadMode?
    /// After `view`: where the view is.
    public var view: ViewInfo?

    public init(
        ok: Bool, command: String, error: ControlError? = nil, apps: [AppInfo]? = nil, status: StatusInfo? = nil,
        stats: StatsInfo? = nil, source: SourceInfo? = nil, sources: [SourceInfo]? = nil, foreground: String? = nil,
        overload: OverloadMode? = nil, view: ViewInfo? = nil
    ) {
        self.ok = ok
        self.command = command
        self.error = error
        self.apps = apps
        self.status = status
        self.stats = stats
        self.source = source
        self.sources = sources
        self.foreground = foreground
        self.overload = overload
        self.view = view
    }

    public static func failure(_ command: String, _ error: ControlError) -> ControlReply {
        ControlReply(ok: false, command: command, error: error)
    }

    public func encoded(pretty: Bool = false) -> [UInt8] {
        let encoder = JSONEncoder()
        // `/` as is (endpoints and paths read as written).
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return [UInt8]((try? encoder.encode(self)) ?? Data("{\"ok\":false}".utf8))
    }

    package static func decode(_ bytes: [UInt8]) throws -> ControlReply {
        try JSONDecoder().decode(ControlReply.self, from: Data(bytes))
    }
}
