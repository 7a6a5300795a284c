/// The JSON object of a control request: every field any command takes. Unknown fields are ignored.
struct ControlRequest: Codable, Equatable {
    var command: String?
    var bundleID: String?
    var senderID: UInt64?
    var reset: Bool?
    var histograms: Bool?
    var mode: String?
    var id: String?

    init(command: String) { self.command = command }

    /// What each field must be, for error messages.
    static let fieldTypes = [
        "command": "a string", "bundleID": "a non-empty string", "senderID": "an unsigned integer",
        "reset": "a boolean", "histograms": "a boolean", "mode": "a string", "id": "a non-empty string",
    ]

    private enum CodingKeys: String, CodingKey { case command, bundleID, senderID, reset, histograms, mode, id }

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
    }
}
