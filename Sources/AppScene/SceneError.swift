/// A scene file that cannot be loaded: what is wrong and where, as a YAML path
/// (`windows[0].rootViewController.view.subviews[2].alpha: expected a number, found "abc"`) and a line.
public struct SceneError: Error, CustomStringConvertible, Equatable, Sendable {
    /// Dotted path from the document root; empty for the document itself.
    package var path: String
    package var message: String
    /// 1-based line in the YAML text, when known.
    public var line: Int?

    init(path: String, message: String, line: Int? = nil) {
        self.path = path
        self.message = message
        self.line = line
    }

    public var description: String {
        path.isEmpty ? message : "\(path): \(message)"
    }
}
