import Foundation

/// `warning: <message>` on stderr (the trace itself goes to stdout).
func printWarning(_ message: String) {
    FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
}
