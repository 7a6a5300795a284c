/// A block queued with `perform(inModes:_:)`, run by the first turn of a run in one of its modes.
struct RunLoopPendingBlock: Sendable {
    enum Body: Sendable {
        /// Queued on the loop's thread: the closure need not be Sendable, so it stays with the loop
        /// (`EventRunLoop.localBlockBodies`, under this key) and only its place in the queue is shared.
        case local(UInt64)
        /// Queued through the loop's `Handle`, from any thread.
        case shared(@Sendable () -> Void)
    }

    let modes: [RunLoopMode]
    let body: Body

    /// CF `__CFRunLoopDoBlocks`: the block's modes name the current mode, or name the common modes
    /// and the current mode is common.
    func runs(in mode: RunLoopMode, modeIsCommon: Bool) -> Bool {
        modes.contains { $0 == mode || ($0 == .common && modeIsCommon) }
    }
}
