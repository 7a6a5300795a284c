/// A gesture script that cannot be read or played: where (1-based line and column; 0 for scripts built
/// in code), what was expected and what was found.
public struct GestureScriptError: Error, Equatable, Sendable, CustomStringConvertible {
    let line: Int
    let column: Int
    package let expected: String
    let found: String

    package init(line: Int, column: Int, expected: String, found: String) {
        self.line = line
        self.column = column
        self.expected = expected
        self.found = found
    }

    public var description: String {
        let place = line > 0 ? "line \(line), column \(column): " : ""
        return place + "expected \(expected), found \(found)"
    }
}
