extension RunLoopSource0 {
    /// What another thread holds to signal a source0: `signal()` is `CFRunLoopSourceSignal` followed by
    /// `CFRunLoopWakeUp`, the pair CF asks for across threads. The source and its loop stay on the
    /// loop's thread; this holds only their thread-safe parts.
    public struct Signaller: Sendable {
        let state: SignalState
        let loop: EventRunLoop.Handle

        /// Marks the source (as `RunLoopSource0.signal()`) and wakes its loop. Any thread.
        public func signal() {
            state.signal()
            loop.wakeUp()
        }

        /// Signalled and not yet performed. Any thread.
        var isSignalled: Bool { state.isSignalled }
    }

    /// A signaller for this source that wakes `loop`, the loop the source is (or will be) added to.
    public func signaller(waking loop: EventRunLoop) -> Signaller {
        Signaller(state: signalState, loop: loop.handle)
    }
}
