import Foundation
import Synchronization

/// Runs the server from a synchronous command until SIGINT/SIGTERM, printing the page's URL on stdout when it
/// listens (a line of its own, flushed: scripts and tests read it).
public enum ExplorerServerRunner {
    public static func run(_ server: ExplorerServer) throws {
        let done = DispatchSemaphore(value: 0)
        let failure = Mutex<(any Error)?>(nil)
        Task {
            do {
                try await server.run { url in
                    FileHandle.standardOutput.write(Data("explorer: \(url)\n".utf8))
                }
            } catch {
                failure.withLock { $0 = error }
            }
            done.signal()
        }
        done.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }
}
