/// The error object of a failed control reply, and the typed error of `ControlRequestCodec`.
public struct ControlError: Error, Codable, Equatable, Sendable, CustomStringConvertible {
    public var code: ControlErrorCode
    public var message: String

    public init(_ code: ControlErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
