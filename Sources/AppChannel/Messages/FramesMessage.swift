/// app -> SpringBoard: a frame of the app's display is on screen, and it is the first to show the effects of
/// delivery sequences firstSequence...firstSequence+count-1 (the events UIKit dispatched at the frame's vsync).
/// Sent at the vsync that presents the frame, never ahead of it, and only for a frame that reflects at least one
/// event. Layout (64 bytes): header(8), frame u64 @8 (1, 2, ...; missed frames skip numbers), vsync ns u64 @16 (the
/// vsync that started the frame), committed ns u64 @24 (Core Animation's commit), presented ns u64 @32 (the vsync
/// at which it is on screen), firstSequence u64 @40 (>= 1), count u32 @48 (1...4096), missed u32 @52 (frames missed
/// since the previous `frames`), refreshHz u32 @56 (1...1000), reserved u32 @60 (0).
/// Times are CLOCK_MONOTONIC nanoseconds, the clock of the acks' stamps; vsync <= committed <= presented.
public struct FramesMessage: Equatable, Sendable {
    /// The app's frame number: one per vsync since the display started, so a missed frame skips a number.
    public var frame: UInt64
    /// The vsync that started the frame: its events were dispatched then.
    public var vsync: UInt64
    /// Core Animation's commit of the frame (the end of the run-loop pass that dispatched its events).
    public var committed: UInt64
    /// The vsync at which the render server put the frame on screen.
    public var presented: UInt64
    /// The first delivery sequence whose effects this frame is the first to show.
    public var firstSequence: UInt64
    /// How many consecutive delivery sequences, from `firstSequence`, this frame is the first to show.
    public var count: UInt32
    /// Frames the app missed (vsyncs that found it still busy) since its previous `frames` message.
    public var missed: UInt32
    /// The display's refresh rate.
    public var refreshHz: UInt32

    static let size = 64
    public static let maxCount: UInt32 = 4096
    public static let maxRefreshHz: UInt32 = 1000

    public init(
        frame: UInt64, vsync: UInt64, committed: UInt64, presented: UInt64, firstSequence: UInt64, count: UInt32,
        missed: UInt32, refreshHz: UInt32
    ) {
        self.frame = frame
        self.vsync = vsync
        self.committed = committed
        self.presented = presented
        self.firstSequence = firstSequence
        self.count = count
        self.missed = missed
        self.refreshHz = refreshHz
    }

    /// The last delivery sequence this frame is the first to show.
    public var lastSequence: UInt64 { firstSequence &+ UInt64(count) &- 1 }

    public func encode(into b: UnsafeMutableRawBufferPointer) {
        AppChannelHeader(type: .frames).encode(into: b)
        b.put(frame, 8)
        b.put(vsync, 16)
        b.put(committed, 24)
        b.put(presented, 32)
        b.put(firstSequence, 40)
        b.put(count, 48)
        b.put(missed, 52)
        b.put(refreshHz, 56)
        b.put(UInt32(0), 60)
    }

    public func encoded() -> [UInt8] { AppChannelHeader.array(size: Self.size, encode(into:)) }

    /// The body of a `frames` frame (its header validated by `AppChannelFrame`).
    static func decode(_ frame: AppChannelFrame) throws(AppChannelError) -> FramesMessage {
        let b = frame.bytes
        try frame.expect(size: size, name: "frames")
        guard b.u64(8) != 0 else {
            throw .invalidField(message: "frames", field: "frame", offset: 8, expected: ">= 1", found: "0")
        }
        guard b.u64(16) <= b.u64(24) else {
            throw .invalidField(
                message: "frames", field: "committed", offset: 24, expected: ">= vsync \(b.u64(16))", found: "\(b.u64(24))")
        }
        guard b.u64(24) <= b.u64(32) else {
            throw .invalidField(
                message: "frames", field: "presented", offset: 32, expected: ">= committed \(b.u64(24))",
                found: "\(b.u64(32))")
        }
        guard b.u64(40) != 0 else {
            throw .invalidField(message: "frames", field: "firstSequence", offset: 40, expected: ">= 1", found: "0")
        }
        guard (1...maxCount).contains(b.u32(48)) else {
            throw .invalidField(
                message: "frames", field: "count", offset: 48, expected: "1...\(maxCount)", found: "\(b.u32(48))")
        }
        guard (1...maxRefreshHz).contains(b.u32(56)) else {
            throw .invalidField(
                message: "frames", field: "refreshHz", offset: 56, expected: "1...\(maxRefreshHz)", found: "\(b.u32(56))")
        }
        guard b.u32(60) == 0 else {
            throw .invalidField(message: "frames", field: "reserved", offset: 60, expected: "0", found: "\(b.u32(60))")
        }
        return FramesMessage(
            frame: b.u64(8), vsync: b.u64(16), committed: b.u64(24), presented: b.u64(32), firstSequence: b.u64(40),
            count: b.u32(48), missed: b.u32(52), refreshHz: b.u32(56))
    }
}
