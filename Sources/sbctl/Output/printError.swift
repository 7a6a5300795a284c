import Foundation

/// Writes one line to stderr.
func printError(_ text: String) {
    try? FileHandle.standardError.write(contentsOf: Data((text + "\n").utf8))
}
