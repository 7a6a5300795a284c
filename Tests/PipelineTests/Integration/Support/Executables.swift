import Foundation
import TestSupport

/// Finds the executables `swift build` / `swift test` put next to the test bundle (`.build/<triple>/debug`).
enum Executables {
    static let directory: URL = {
        let fm = FileManager.default
        if let dir = ProcessInfo.processInfo.environment["TOUCHPIPELINE_BIN_DIR"] { return URL(fileURLWithPath: dir) }
        // The test bundle runs from the build products directory; so do the executables.
        var candidates: [URL] = []
        if let exe = try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        candidates.append(Bundle.main.bundleURL)
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        candidates.append(SharedPaths.packageRoot.appendingPathComponent(".build/debug"))
        for dir in candidates where fm.isExecutableFile(atPath: dir.appendingPathComponent("springboard").path) {
            return dir
        }
        // Last resort: ask SwiftPM.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--show-bin-path"]
        process.currentDirectoryURL = SharedPaths.packageRoot
        let pipe = Pipe()
        process.standardOutput = pipe
        try? process.run()
        process.waitUntilExit()
        let path = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return URL(fileURLWithPath: path)
    }()

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }
}
