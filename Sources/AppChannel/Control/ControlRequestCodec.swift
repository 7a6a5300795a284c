import Foundation

/// JSON <-> `ControlCommand`. Decoding reports exactly which field is wrong.
public enum ControlRequestCodec {
    public static func encode(_ command: ControlCommand) -> [UInt8] {
        var object: [String: Any] = ["command": command.name]
        switch command {
        case .foreground(let bundleID): object["bundleID"] = bundleID
        case .source(let senderID): object["senderID"] = senderID
        case .apps, .home, .status, .stats: break
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return [UInt8](data)
    }

    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(ControlError) -> ControlCommand {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: Data(bytes), options: [])
        } catch {
            throw ControlError(.malformedRequest, "request is not valid JSON (\(bytes.count) bytes)")
        }
        guard let object = parsed as? [String: Any] else {
            throw ControlError(.malformedRequest, "request must be a JSON object")
        }
        guard let command = object["command"] else { throw ControlError(.missingField, "field \"command\" is required") }
        guard let name = command as? String else { throw ControlError(.malformedRequest, "field \"command\" must be a string") }
        switch name {
        case "apps": return .apps
        case "home": return .home
        case "status": return .status
        case "stats": return .stats
        case "foreground":
            guard let value = object["bundleID"] else {
                throw ControlError(.missingField, "command \"foreground\" needs field \"bundleID\"")
            }
            guard let bundleID = value as? String, !bundleID.isEmpty else {
                throw ControlError(.malformedRequest, "field \"bundleID\" must be a non-empty string")
            }
            return .foreground(bundleID: bundleID)
        case "source":
            guard let value = object["senderID"] else {
                throw ControlError(.missingField, "command \"source\" needs field \"senderID\"")
            }
            guard let number = value as? NSNumber, let senderID = UInt64(number.stringValue) else {
                throw ControlError(.malformedRequest, "field \"senderID\" must be an unsigned integer")
            }
            return .source(senderID: senderID)
        default:
            throw ControlError(.unknownCommand, "unknown command \"\(name)\" (known: \(ControlCommand.names.joined(separator: ", ")))")
        }
    }

    public static func decode(_ bytes: [UInt8]) throws(ControlError) -> ControlCommand {
        let result: Result<ControlCommand, ControlError> = bytes.withUnsafeBytes { raw in
            do throws(ControlError) { return .success(try decode(raw)) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
