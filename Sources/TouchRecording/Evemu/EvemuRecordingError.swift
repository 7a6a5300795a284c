/// A recording that cannot be read or played: which file, which line (0: the file as a whole), what is wrong.
public struct EvemuRecordingError: Error, CustomStringConvertible, Equatable, Sendable {
    public var file: String
    public var line: Int
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }
}
