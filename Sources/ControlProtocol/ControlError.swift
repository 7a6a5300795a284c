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
