import Synchronization

extension RunLoopSource0 {
    /// A source0's signal and validity: the part of a source other threads touch, kept apart so that a
    /// `Signaller` can hold it without holding the (loop-confined) source.
    final class SignalState: Sendable {
        /// `stamp`: when first signalled (`SignalSequence`); 0 when not signalled (CF `_signaledTime`).
        private let state = Mutex<(stamp: UInt64, valid: Bool)>((stamp: 0, valid: true))

        func signal() {
            state.withLock { state in
                if state.valid && state.stamp == 0 { state.stamp = SignalSequence.next() }
            }
        }

        var isSignalled: Bool { state.withLock { $0.stamp != 0 } }

        var isValid: Bool { state.withLock { $0.valid } }

        func invalidate() {
            state.withLock { $0 = (stamp: 0, valid: false) }
        }

        var pendingSignal: UInt64? {
            state.withLock { $0.stamp != 0 && $0.valid ? $0.stamp : nil }
        }

        /// Clears the signal; returns whether the source was signalled and valid.
        func take() -> Bool {
            state.withLock { state in
                defer { state.stamp = 0 }
                return state.stamp != 0 && state.valid
            }
        }
    }
}
