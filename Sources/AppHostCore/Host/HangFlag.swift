import Foundation

/// Set once from the main thread, read from a signal-handling queue.
final class HangFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
