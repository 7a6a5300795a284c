/// Something a scene file declares that can never show (a `log:` group the object has no calls of, an
/// action nothing sends) or a scene that prints nothing at all: loaded anyway, reported by `app-host`.
public struct SceneWarning: CustomStringConvertible, Equatable, Sendable {
    /// The YAML path, empty for the whole file.
    public var path: String
    public var message: String
    public var line: Int?

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }

    /// `file:line: path: message`, as scene errors are located.
    public func located(in file: String) -> String {
        if let line { return "\(file):\(line): \(self)" }
        return "\(file): \(self)"
    }
}

extension SceneValue {
    func warning(_ message: String) -> SceneWarning {
        SceneWarning(path: path, message: message, line: line)
    }
}
