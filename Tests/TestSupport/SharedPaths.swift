import Foundation

/// Locations shared by the tests: the package root and `../shared` (recordings and docs live there and are
/// read in place, never copied into the project).
public enum SharedPaths {
    /// The package root, found from this file's path (Tests/TestSupport/SharedPaths.swift).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared` beside the checkout, or `$TOUCHPIPELINE_SHARED` when set.
    public static var shared: URL {
        if let env = ProcessInfo.processInfo.environment["TOUCHPIPELINE_SHARED"] { return URL(fileURLWithPath: env) }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }

    public static var recordings: URL { shared.appendingPathComponent("recordings") }
}
