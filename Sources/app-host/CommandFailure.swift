/// A failure reported as `Error: <message>` with exit code 1 (no usage text: the arguments were fine, the
/// input was not).
struct CommandFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
