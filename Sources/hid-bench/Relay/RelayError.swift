/// A relay baseline run that could not be carried out, and why.
struct RelayError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
