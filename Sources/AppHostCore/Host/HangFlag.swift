import Synchronization

/// Set once from the main thread, read from a signal-handling queue.
final class HangFlag: Sendable {
    private let value = Atomic<Bool>(false)

    var isSet: Bool { value.load(ordering: .acquiring) }
    func set() { value.store(true, ordering: .releasing) }
}
