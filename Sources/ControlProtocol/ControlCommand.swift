import Foundation

/// A request on SpringBoard's control socket (protocols/control.md). JSON object, one frame:
/// `{"command": "apps"}`, `{"command": "foreground", "bundleID": "com.example.maps"}`, ...
public enum ControlCommand: Equatable, Sendable {
    case apps
    case foreground(bundleID: String)
    case home
    case status
    /// Counters and latency percentiles. `reset`: zero them after the reply is built (a load test starts
    /// from zero). `histograms`: include every hop's full HdrHistogram (large; for load-test reports).
    case stats(reset: Bool = false, histograms: Bool = false)
    /// What SpringBoard has read from one hid-source (`senderID`): used to wait for an end marker.
    case source(senderID: UInt64)
    /// Reads the overload policy (nil), or sets it.
    case overload(mode: OverloadMode?)
    /// Every source springboard remembers, with its liveness.
    case sources
    /// Cancels the fingers one source has down (as its source timeout would) and resets its stream.
    case cancelSource(senderID: UInt64)
    /// Ends an app's process (SIGKILL to the pid the kernel reported for its connection), as iOS's watchdog
    /// ends an app that stopped responding; the home screen (or the next app) takes over.
    case kill(bundleID: String)
    /// Where the foreground app's view with this id is (its centre, in screen points), asked of the app itself
    /// over the app channel (`hid-source tap @id`).
    case view(id: String)
    /// One live timeline of the ensemble, recorded by springboard: `start` (keeping at most `limit` events and as
    /// many frames), `stop` (the reply carries the recording), `status`.
    case trace(action: TraceAction, limit: Int? = nil)
    /// What is on the screen: the foreground app with its scene file and trace file, or the home screen's page
    /// of icons (`sbctl explore` draws it).
    case scene

    public var name: String {
        switch self {
        case .apps: return "apps"
        case .foreground: return "foreground"
        case .home: return "home"
        case .status: return "status"
        case .stats: return "stats"
        case .source: return "source"
        case .overload: return "overload"
        case .sources: return "sources"
        case .cancelSource: return "cancelSource"
        case .kill: return "kill"
        case .view: return "view"
        case .trace: return "trace"
        case .scene: return "scene"
        }
    }

    static let names = [
        "apps", "foreground", "home", "status", "stats", "source", "overload", "sources", "cancelSource", "kill", "view",
        "trace", "scene",
    ]
}

/// What springboard does when an app cannot take events as fast as they come (protocols/control.md).
public enum OverloadMode: String, Codable, Sendable, CaseIterable {
    /// Keep reading the event port. Moves of a finger that cannot be sent yet are coalesced into the next
    /// event (their samples travel with it); downs, ups and cancels queue; a queue full of what cannot be
    /// coalesced holds the event port until it is down to half. The input system's default (Android).
    case shed
    /// Stop reading the event port while the app it routes to has a short queue, so ZeroMQ's high-water
    /// marks push back on the source: nothing is coalesced. For measuring the highest sustainable rate.
    /// In both policies an app that stops responding is given up on (its queue dropped, its touches
    /// cancelled).
    case backpressure
}

/// JSON <-> `ControlCommand`, through the Codable `ControlRequest`. Decoding reports exactly which field is
/// wrong.
public enum ControlRequestCodec {
    /// The largest request springboard's control socket takes (`ZMQ_MAXMSGSIZE`): libzmq drops the connection of
    /// a peer that sends more, before springboard sees a byte, so clients check first (protocols/control.md).
    public static let maximumRequestBytes = 64 * 1024

    public static func encode(_ command: ControlCommand) -> [UInt8] {
        var request = ControlRequest(command: command.name)
        switch command {
        case .foreground(let bundleID), .kill(let bundleID): request.bundleID = bundleID
        case .source(let senderID), .cancelSource(let senderID): request.senderID = senderID
        case .stats(let reset, let histograms):
            request.reset = reset ? true : nil
            request.histograms = histograms ? true : nil
        case .overload(let mode): request.mode = mode?.rawValue
        case .view(let id): request.id = id
        case .trace(let action, let limit):
            request.action = action.rawValue
            request.limit = limit
        case .apps, .home, .status, .sources, .scene: break
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return [UInt8]((try? encoder.encode(request)) ?? Data())
    }

    static func decode(_ bytes: UnsafeRawBufferPointer) throws(ControlError) -> ControlCommand {
        let request: ControlRequest
        do {
            request = try JSONDecoder().decode(ControlRequest.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw describe(error, length: bytes.count)
        } catch {
            throw ControlError(.malformedRequest, "request is not valid JSON (\(bytes.count) bytes)")
        }
        guard let name = request.command else { throw ControlError(.missingField, "field \"command\" is required") }
        switch name {
        case "apps": return .apps
        case "home": return .home
        case "status": return .status
        case "sources": return .sources
        case "scene": return .scene
        case "stats": return .stats(reset: request.reset ?? false, histograms: request.histograms ?? false)
        case "foreground", "kill":
            guard let bundleID = request.bundleID else {
                throw ControlError(.missingField, "command \"\(name)\" needs field \"bundleID\"", command: name)
            }
            guard !bundleID.isEmpty else {
                throw ControlError(.malformedRequest, "field \"bundleID\" must be a non-empty string", command: name)
            }
            return name == "kill" ? .kill(bundleID: bundleID) : .foreground(bundleID: bundleID)
        case "source":
            guard let senderID = request.senderID else {
                throw ControlError(.missingField, "command \"source\" needs field \"senderID\"", command: name)
            }
            return .source(senderID: senderID)
        case "cancelSource":
            guard let senderID = request.senderID else {
                throw ControlError(.missingField, "command \"cancelSource\" needs field \"senderID\"")
            }
            return .cancelSource(senderID: senderID)
        case "overload":
            guard let text = request.mode else { return .overload(mode: nil) }
            guard let mode = OverloadMode(rawValue: text) else {
                let known = OverloadMode.allCases.map(\.rawValue).joined(separator: ", ")
                throw ControlError(.malformedRequest, "field \"mode\" must be one of: \(known)", command: name)
            }
            return .overload(mode: mode)
        case "view":
            guard let id = request.id else {
                throw ControlError(.missingField, "command \"view\" needs field \"id\"", command: name)
            }
            guard !id.isEmpty else {
                throw ControlError(.malformedRequest, "field \"id\" must be a non-empty string", command: name)
            }
            return .view(id: id)
        case "trace":
            guard let text = request.action else {
                throw ControlError(.missingField, "command \"trace\" needs field \"action\"", command: name)
            }
            guard let action = TraceAction(rawValue: text) else {
                let known = TraceAction.allCases.map(\.rawValue).joined(separator: ", ")
                throw ControlError(.malformedRequest, "field \"action\" must be one of: \(known)", command: name)
            }
            if let limit = request.limit, !(1...EnsembleTrace.maximumLimit).contains(limit) {
                throw ControlError(
                    .malformedRequest, "field \"limit\" must be 1...\(EnsembleTrace.maximumLimit)", command: name)
            }
            return .trace(action: action, limit: request.limit)
        default:
            throw ControlError(
                .unknownCommand, "unknown command \"\(name)\" (known: \(ControlCommand.names.joined(separator: ", ")))")
        }
    }

    public static func decode(_ bytes: [UInt8]) throws(ControlError) -> ControlCommand {
        let result: Result<ControlCommand, ControlError> = bytes.withUnsafeBytes { raw in
            do throws(ControlError) { return .success(try decode(raw)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// A field of the wrong type names the field and the type it must have.
    private static func describe(_ error: DecodingError, length: Int) -> ControlError {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            guard let key = context.codingPath.last?.stringValue,
                let expected = ControlRequest.fieldTypes[key]
            else {
                return ControlError(.malformedRequest, "request must be a JSON object")
            }
            return ControlError(.malformedRequest, "field \"\(key)\" must be \(expected)")
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            let key = context.codingPath.last?.stringValue ?? "?"
            return ControlError(.malformedRequest, "field \"\(key)\" must be \(ControlRequest.fieldTypes[key] ?? "valid")")
        default:
            return ControlError(.malformedRequest, "request is not valid JSON (\(length) bytes)")
        }
    }
}

/// The JSON object of a control request: every field any command takes. Unknown fields are ignored.
struct ControlRequest: Codable, Equatable {
    var command: String?
    var bundleID: String?
    var senderID: UInt64?
    var reset: Bool?
    var histograms: Bool?
    var mode: String?
    var id: String?
    var action: String?
    var limit: Int?

    init(command: String) { self.command = command }

    /// What each field must be, for error messages.
    static let fieldTypes = [
        "command": "a string", "bundleID": "a non-empty string", "senderID": "an unsigned integer",
        "reset": "a boolean", "histograms": "a boolean", "mode": "a string", "id": "a non-empty string",
        "action": "a string", "limit": "an integer",
    ]

    private enum CodingKeys: String, CodingKey { case command, bundleID, senderID, reset, histograms, mode, id, action, limit }

    /// Each field decoded on its own, so a wrong type names its field (Foundation reports some, such as a
    /// negative number for an unsigned field, only as "not valid JSON").
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func field<T: Decodable>(_ key: CodingKeys, _ type: T.Type) throws -> T? {
            do { return try container.decodeIfPresent(type, forKey: key) } catch {
                throw DecodingError.typeMismatch(type, .init(codingPath: [key], debugDescription: "\(error)"))
            }
        }
        command = try field(.command, String.self)
        bundleID = try field(.bundleID, String.self)
        senderID = try field(.senderID, UInt64.self)
        reset = try field(.reset, Bool.self)
        histograms = try field(.histograms, Bool.self)
        mode = try field(.mode, String.self)
        id = try field(.id, String.self)
        action = try field(.action, String.self)
        limit = try field(.limit, Int.self)
    }
}
