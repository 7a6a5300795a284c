import ArgumentParser
import Foundation

/// Parsing of screen coordinates on the command line: finite numbers only, with a clear message.
enum ScreenPoint {
    static func coordinate(_ text: String) throws -> Double {
        guard let value = Double(text), value.isFinite else {
            throw ValidationError("'\(text)' is not a coordinate (a finite number of points)")
        }
        return value
    }

    /// `X,Y`.
    static func pair(_ text: String) throws -> CGPoint {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw ValidationError("'\(text)' is not X,Y (two numbers, a comma between)") }
        return CGPoint(x: try coordinate(String(parts[0])), y: try coordinate(String(parts[1])))
    }
}
