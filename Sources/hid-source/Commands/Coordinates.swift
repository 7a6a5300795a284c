import ArgumentParser

/// Command-line coordinates: finite numbers, checked here so a bad one is named (`'nan' is not a coordinate`)
/// instead of surfacing as an error in a gesture script the user never wrote.
enum Coordinates {
    static func parse(_ words: [String]) throws -> [Double] {
        try words.map { word in
            if word.hasPrefix("--") { throw ValidationError("unknown option '\(word)'") }
            guard let value = Double(word), value.isFinite else {
                throw ValidationError("'\(word)' is not a coordinate (a finite number of points)")
            }
            return value
        }
    }
}
