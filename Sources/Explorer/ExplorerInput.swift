import Foundation

/// What the explorer page sends over its WebSocket, one JSON object per text message (docs/usage.md,
/// "The explorer"). Anything else is refused with an `ExplorerRefusal` that names the problem.
public enum ExplorerInput: Equatable, Sendable {
    /// One pointer event of the page (a mouse button, a pen, or one finger of a touchscreen through Pointer
    /// Events): a finger going down, moving, lifting or cancelled.
    case pointer(PointerInput)
    /// Nothing touched: lets the clock run to the page time `t` (milliseconds), so timers due by then fire
    /// (a tap recognizer waiting for a second tap fails, a long press begins).
    case advance(time: Double)
    /// A gesture script or an evemu recording to play from a fresh start (`name` is only shown).
    case play(name: String, text: String)
    /// A fresh start: the scene loaded anew, the clock at 0, no finger down.
    case reset
}

/// One pointer event, in screen points and page milliseconds (`PointerEvent.timeStamp`).
public struct PointerInput: Equatable, Sendable {
    public enum Phase: String, Sendable, CaseIterable {
        case down, move, up, cancel
    }

    public var phase: Phase
    /// The page's `pointerId`: the same for the events of one finger, down to up.
    public var pointer: Int
    public var x: Double
    public var y: Double
    public var time: Double

    public init(phase: Phase, pointer: Int, x: Double, y: Double, time: Double) {
        self.phase = phase
        self.pointer = pointer
        self.x = x
        self.y = y
        self.time = time
    }
}

/// A message the explorer did not act on, and why: shown on the page and counted by `code`.
public struct ExplorerRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Code: String, Sendable, CaseIterable, Codable {
        /// Not a JSON object, or a field of the wrong type or missing.
        case malformed
        /// Over the explorer's message bound.
        case tooLarge
        /// A pointer event that cannot happen: a finger down twice, a move of a finger that is not down,
        /// a point off the screen, time going backwards, too many fingers.
        case badPointer
        /// A gesture script or recording that does not parse.
        case badInput
        /// The WebSocket upgrade came from a page of another origin (refused before any message).
        case origin
        /// The page or the WebSocket was asked for without the token (explorers bound beyond loopback).
        case token
        /// A live ensemble could not act on it: springboard's event port did not take the frame, or the input
        /// has no live meaning (a script to play: hid-source plays those).
        case unavailable
    }

    public var code: Code
    public var reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(code.rawValue): \(reason)" }
}

extension ExplorerInput {
    /// The largest message acted on: a gesture script or recording of a few thousand lines fits; a pointer
    /// event is under 200 bytes.
    public static let maxMessageBytes = 256 * 1024
    /// Fingers down at once; a real panel reports at most 10 (protocols/hid-event.md allows 32).
    public static let maxFingers = 10

    private struct Wire: Decodable {
        var type: String?
        var phase: String?
        var id: Int?
        var x: Double?
        var y: Double?
        var t: Double?
        var name: String?
        var text: String?
    }

    /// Decodes one message of the page. `screen` bounds the points a pointer event may name.
    public static func decode(_ text: String, screen: CGSize) throws(ExplorerRefusal) -> ExplorerInput {
        let bytes = text.utf8.count
        guard bytes <= maxMessageBytes else {
            throw ExplorerRefusal(.tooLarge, "message of \(bytes) bytes; at most \(maxMessageBytes) are read")
        }
        let wire: Wire
        do {
            wire = try JSONDecoder().decode(Wire.self, from: Data(text.utf8))
        } catch let DecodingError.typeMismatch(type, context) {
            let key = context.codingPath.last?.stringValue ?? "message"
            throw ExplorerRefusal(
                .malformed,
                "field '\(key)': expected \(type == Double.self || type == Int.self ? "a number" : type == String.self ? "a string" : "an object")"
            )
        } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
            throw ExplorerRefusal(.malformed, "field '\(context.codingPath.last!.stringValue)': \(context.debugDescription)")
        } catch {
            throw ExplorerRefusal(.malformed, "not a JSON object")
        }
        switch wire.type {
        case nil: throw ExplorerRefusal(.malformed, "field 'type' is missing")
        case "pointer":
            guard let phaseName = wire.phase else { throw ExplorerRefusal(.malformed, "field 'phase' is missing") }
            guard let phase = PointerInput.Phase(rawValue: phaseName) else {
                throw ExplorerRefusal(.badPointer, "phase '\(phaseName)' is not down, move, up or cancel")
            }
            guard let id = wire.id else { throw ExplorerRefusal(.malformed, "field 'id' is missing") }
            guard let x = wire.x, let y = wire.y else {
                throw ExplorerRefusal(.malformed, "field '\(wire.x == nil ? "x" : "y")' is missing")
            }
            let t = try time(wire.t)
            guard x.isFinite, y.isFinite, x >= 0, y >= 0, x <= Double(screen.width), y <= Double(screen.height) else {
                throw ExplorerRefusal(
                    .badPointer,
                    "point (\(x), \(y)) is off the screen (0...\(Int(screen.width)), 0...\(Int(screen.height)))")
            }
            guard id >= 0, id < 1 << 31 else { throw ExplorerRefusal(.badPointer, "pointer id \(id) is out of range") }
            return .pointer(PointerInput(phase: phase, pointer: id, x: x, y: y, time: t))
        case "advance":
            return .advance(time: try time(wire.t))
        case "play":
            guard let body = wire.text else { throw ExplorerRefusal(.malformed, "field 'text' is missing") }
            return .play(name: String((wire.name ?? "input").prefix(200)), text: body)
        case "reset":
            return .reset
        case let other?:
            throw ExplorerRefusal(.malformed, "type '\(other.prefix(40))' is not pointer, advance, play or reset")
        }
    }

    private static func time(_ value: Double?) throws(ExplorerRefusal) -> Double {
        guard let value else { throw ExplorerRefusal(.malformed, "field 't' is missing") }
        guard value.isFinite, value >= 0, value < 1e12 else {
            throw ExplorerRefusal(.badPointer, "time \(value) ms is not a page time (0 up to 10^12 ms)")
        }
        return value
    }
}
