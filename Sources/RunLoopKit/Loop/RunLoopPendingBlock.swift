/// A block queued with `perform(inModes:_:)`, run by the first turn of a run in one of its modes.
struct RunLoopPendingBlock {
    let modes: [RunLoopMode]
    let body: () -> Void

    /// CF `__CFRunLoopDoBlocks`: the block's modes name the current mode, or name the common modes
    /// and the current mode is common.
    func runs(in mode: RunLoopMode, modeIsCommon: Bool) -> Bool {
        modes.contains { $0 == mode || ($0 == .common && modeIsCommon) }
    }
}
