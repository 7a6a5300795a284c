import Foundation

/// JSON <-> `ControlCommand`, through the Codable `ControlRequest`. Decoding reports exactly which field is
/// wrong.
public enum ControlRequestCodec {
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
        case .apps, .home, .status, .sources: break
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
