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
    /// After `trace`: the recording (its records after `stop`).
    public var trace: EnsembleTrace?
    /// After `scene`: what is on the screen.
    public var scene: ForegroundSceneInfo?

    public init(
        ok: Bool, command: String, error: ControlError? = nil, apps: [AppInfo]? = nil, status: StatusInfo? = nil,
        stats: StatsInfo? = nil, source: SourceInfo? = nil, sources: [SourceInfo]? = nil, foreground: String? = nil,
        overload: OverloadMode? = nil, view: ViewInfo? = nil, trace: EnsembleTrace? = nil,
        scene: ForegroundSceneInfo? = nil
    ) {
        self.trace = trace
        self.scene = scene
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

/// The error object of a failed control reply, and the typed error of `ControlRequestCodec`.
public struct ControlError: Error, Codable, Equatable, Sendable, CustomStringConvertible {
    public var code: ControlErrorCode
    public var message: String
    /// The request's command when it was named and known (a reply to a request missing a field names it);
    /// not part of the error object on the wire (the reply carries it as `command`).
    public var command: String?

    public init(_ code: ControlErrorCode, _ message: String, command: String? = nil) {
        self.code = code
        self.message = message
        self.command = command
    }

    enum CodingKeys: String, CodingKey { case code, message }

    public var description: String { "\(code.rawValue): \(message)" }
}

/// The `error.code` strings of a failed control reply.
public enum ControlErrorCode: String, Codable, Sendable {
    /// The request is not a JSON object, or a field has the wrong type.
    case malformedRequest
    /// `command` names nothing SpringBoard knows.
    case unknownCommand
    /// A field the command needs is absent.
    case missingField
    /// No app with that bundle id has ever registered.
    case unknownBundleID
    /// The app is registered but cannot be brought to the foreground (dead or still launching).
    case appUnavailable
    /// Client side only (never sent by SpringBoard): no reply came in time (`sbctl --json`, exit status 2).
    case noReply
    /// Client side only (never sent by SpringBoard): the request is over 64 KiB and was not sent (`sbctl --json`,
    /// exit status 64).
    case requestTooLarge
    /// `cancelSource` for a sender springboard has read nothing from (or has forgotten).
    case unknownSource
    /// The request came with a CURVE key whose role does not allow it (a source key asking more than `source`).
    case notAuthorized
    /// `view`: the foreground app has no view with that id, or a touch at its centre reaches another view.
    case unknownView
}

/// The `status` reply: who is on screen and where SpringBoard listens.
public struct StatusInfo: Codable, Equatable, Sendable {
    public var pid: Int32
    /// The foreground app's bundle id, or nil when the home screen shows.
    public var foreground: String?
    public var homePage: Int
    public var homePageCount: Int
    /// Who owns the gesture in progress: "none", "home", "system" or "app:<bundle id>".
    public var gestureTarget: String
    public var liveTouches: Int
    public var eventEndpoint: String
    public var appEndpoint: String
    public var controlEndpoint: String
    public var registeredApps: Int
    public var uptimeMilliseconds: UInt64
    /// `shed` or `backpressure`.
    var overloadMode: String

    public init(
        pid: Int32, foreground: String?, homePage: Int, homePageCount: Int, gestureTarget: String, liveTouches: Int,
        eventEndpoint: String, appEndpoint: String, controlEndpoint: String, registeredApps: Int, uptimeMilliseconds: UInt64,
        overloadMode: String
    ) {
        self.pid = pid
        self.foreground = foreground
        self.homePage = homePage
        self.homePageCount = homePageCount
        self.gestureTarget = gestureTarget
        self.liveTouches = liveTouches
        self.eventEndpoint = eventEndpoint
        self.appEndpoint = appEndpoint
        self.controlEndpoint = controlEndpoint
        self.registeredApps = registeredApps
        self.uptimeMilliseconds = uptimeMilliseconds
        self.overloadMode = overloadMode
    }
}

/// One app in `sbctl apps` / the `apps` reply.
public struct AppInfo: Codable, Equatable, Sendable {
    /// launching, foreground, background, notResponding, dead (see `AppState` in SpringBoardCore).
    public var bundleID: String
    public var displayName: String
    public var pid: UInt32
    public var state: String
    package var session: UInt64
    /// Grid position on the home screen: page (0-based) and slot on it.
    public var homePage: Int
    public var homeSlot: Int
    /// Its registration said it writes a trace record for every UIKit call (nil: from a springboard that
    /// does not say).
    public var tracesCalls: Bool?

    public init(
        bundleID: String, displayName: String, pid: UInt32, state: String, session: UInt64, homePage: Int, homeSlot: Int,
        tracesCalls: Bool? = nil
    ) {
        self.bundleID = bundleID
        self.displayName = displayName
        self.pid = pid
        self.state = state
        self.session = session
        self.homePage = homePage
        self.homeSlot = homeSlot
        self.tracesCalls = tracesCalls
    }
}

/// The `source` reply: what SpringBoard has read from one hid-source.
public struct SourceInfo: Codable, Equatable, Sendable {
    public var senderID: UInt64
    /// HID messages read from this sender (valid or not).
    public var received: UInt64
    /// The end marker has been read; `endCount` is the count the sender claimed.
    public var endReceived: Bool
    package var endCount: UInt64
    /// The envelope `sequence` of the last valid HID message read from it.
    package var lastSequence: UInt64
    /// Messages missing between consecutive valid ones (`sequence` jumped forward by more than one).
    package var sequenceGaps: UInt64
    /// The sequence numbers those gaps skipped (messages lost before springboard).
    package var framesMissing: UInt64
    /// Fingers of this source down in springboard's gesture latch.
    public var fingersDown: Int
    /// Milliseconds since springboard last read anything from it (a frame, a keep-alive, a marker).
    public var idleMilliseconds: UInt64
    /// Times its fingers were cancelled because it went silent (source timeout) or by `cancelSource`.
    public var timeouts: UInt64
    public var cancels: UInt64
    /// Times its fingers were cancelled because its connection closed with them down.
    public var disconnects: UInt64

    public init(
        senderID: UInt64, received: UInt64, endReceived: Bool, endCount: UInt64, lastSequence: UInt64 = 0,
        sequenceGaps: UInt64 = 0, framesMissing: UInt64 = 0, fingersDown: Int = 0, idleMilliseconds: UInt64 = 0,
        timeouts: UInt64 = 0, cancels: UInt64 = 0, disconnects: UInt64 = 0
    ) {
        self.senderID = senderID
        self.received = received
        self.endReceived = endReceived
        self.endCount = endCount
        self.lastSequence = lastSequence
        self.sequenceGaps = sequenceGaps
        self.framesMissing = framesMissing
        self.fingersDown = fingersDown
        self.idleMilliseconds = idleMilliseconds
        self.timeouts = timeouts
        self.cancels = cancels
        self.disconnects = disconnects
    }
}

/// Where a view of the foreground app is (the control socket's `view`): the centre of its frame in screen
/// points, as the app itself reports it, so a tap there lands on it (unless something above it is hit first).
public struct ViewInfo: Codable, Equatable, Sendable {
    public var bundleID: String
    public var id: String
    public var x: Double
    public var y: Double

    public init(bundleID: String, id: String, x: Double, y: Double) {
        self.bundleID = bundleID
        self.id = id
        self.x = x
        self.y = y
    }
}
