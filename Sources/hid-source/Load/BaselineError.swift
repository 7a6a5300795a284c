/// Why `--baseline` cannot be used: the file is missing or is not a relay report.
struct BaselineError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
