/// app -> SpringBoard: the app finished a run of consecutive events in one dispatch pass (a cumulative ack:
/// one message per pass, however many events the pass handled).
/// Layout: header(8), firstSequence u64 @8, count u32 @16 (1...4096), reserved u32 @20 (0), then `count`
/// entries of 32 bytes, one per event firstSequence, firstSequence+1, ...: appReceived u64 @0,
/// dispatchStarted u64 @8, dispatchFinished u64 @16, flags u32 @24 (bit 0: handled; bit 1: coalesced in the app,
/// only with bit 0), reserved u32 @28 (0).
public struct AcksMessage: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var appReceived: UInt64
        public var dispatchStarted: UInt64
        public var dispatchFinished: UInt64
        public var handled: Bool
        /// UIKit coalesced this event's moves into a later event of the same pass (its touches reached the app as
        /// that event's coalesced touches, with no `sendEvent` of their own); the times are that event's.
        public var coalescedInApp: Bool

        public init(
            appReceived: UInt64, dispatchStarted: UInt64, dispatchFinished: UInt64, handled: Bool = true,
            coalescedInApp: Bool = false
        ) {
            self.appReceived = appReceived
            self.dispatchStarted = dispatchStarted
            self.dispatchFinished = dispatchFinished
            self.handled = handled
            self.coalescedInApp = coalescedInApp
        }

        /// The flags word: bit 0 handled, bit 1 coalesced in the app.
        var flags: UInt32 { (handled ? 1 : 0) | (handled && coalescedInApp ? 2 : 0) }
    }

    static let headerSize = 24
    static let entrySize = 32
    public static let maxCount = 4096
    private static let zeroEntry = [UInt8](repeating: 0, count: entrySize)
    private static let zeroHeader = [UInt8](repeating: 0, count: headerSize)

    package var firstSequence: UInt64
    package var entries: [Entry]

    package init(firstSequence: UInt64, entries: [Entry]) {
        self.firstSequence = firstSequence
        self.entries = entries
    }

    /// The last sequence acknowledged.
    package var lastSequence: UInt64 { firstSequence &+ UInt64(entries.count) &- 1 }

    package func encoded() -> [UInt8] {
        var out: [UInt8] = []
        AcksMessage.begin(&out, firstSequence: firstSequence)
        for entry in entries { AcksMessage.append(entry, to: &out) }
        return out
    }

    /// Starts a message in `buffer` (emptied, capacity kept); `append` adds entries and the count.
    public static func begin(_ buffer: inout [UInt8], firstSequence: UInt64) {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: zeroHeader)  // a copy: appending a repeated 0 went byte by byte (issue 27)
        buffer.withUnsafeMutableBytes { b in
            AppChannelHeader(type: .acks).encode(into: b)
            b.put(firstSequence, 8)
        }
    }

    public static func append(_ entry: Entry, to buffer: inout [UInt8]) {
        let offset = buffer.count
        buffer.append(contentsOf: zeroEntry)  // a copy: appending a repeated 0 went byte by byte
        buffer.withUnsafeMutableBytes { b in
            put(entry, at: offset, in: b)
            b.put(UInt32((offset + entrySize - headerSize) / entrySize), 16)
        }
    }

    /// The whole message for `count` entries in one pass, into `buffer`: its bytes are those `begin` and `count`
    /// `append`s write. The buffer keeps its storage and is resized only when the count differs from the last
    /// message's (an app acknowledges one event a pass at low rates), and every byte is written in one
    /// `withUnsafeMutableBytes` (issue 27: `begin` and one `append` took ~450 instructions an event).
    public static func write(
        firstSequence: UInt64, count: Int, into buffer: inout [UInt8], entry: (Int) -> Entry
    ) {
        let size = headerSize + count * entrySize
        if buffer.count > size {
            buffer.removeLast(buffer.count - size)
        } else if buffer.count < size {
            buffer.append(contentsOf: repeatElement(0, count: size - buffer.count))
        }
        buffer.withUnsafeMutableBytes { b in
            AppChannelHeader(type: .acks).encode(into: b)
            b.put(firstSequence, 8)
            b.put(UInt32(count), 16)
            b.put(UInt32(0), 20)
            for index in 0..<count { put(entry(index), at: headerSize + index * entrySize, in: b) }
        }
    }

    /// One entry's 32 bytes at `offset`, the reserved word included: the layout `append` and `write` share.
    @inline(__always)
    private static func put(_ entry: Entry, at offset: Int, in b: UnsafeMutableRawBufferPointer) {
        b.put(entry.appReceived, offset)
        b.put(entry.dispatchStarted, offset + 8)
        b.put(entry.dispatchFinished, offset + 16)
        b.put(entry.flags, offset + 24)
        b.put(UInt32(0), offset + 28)
    }

    /// The body of an `acks` frame (its header validated by `AppChannelFrame`), as values.
    static func decode(_ frame: AppChannelFrame) throws(AppChannelError) -> AcksMessage {
        let view = try AcksView(body: frame)
        return AcksMessage(firstSequence: view.firstSequence, entries: (0..<view.count).map { view.entry($0) })
    }
}

/// A validated, zero-allocation view of an `acks` message (springboard's hot path).
public struct AcksView {
    let bytes: UnsafeRawBufferPointer
    let count: Int

    /// Validates the whole message: header, then body.
    public init(validating b: UnsafeRawBufferPointer) throws(AppChannelError) {
        try self.init(AppChannelFrame(validating: b))
    }

    /// An `acks` frame whose header was validated: the type is checked, then the body (springboard's receive path
    /// reads the header once, for every message, and comes here for `acks`).
    public init(_ frame: AppChannelFrame) throws(AppChannelError) {
        try frame.expect(.acks, name: "acks")
        try self.init(body: frame)
    }

    /// The body of a frame already known to be `acks`.
    init(body frame: AppChannelFrame) throws(AppChannelError) {
        let b = frame.bytes
        guard b.count >= AcksMessage.headerSize else {
            throw .truncated(message: "acks", needed: AcksMessage.headerSize, found: b.count)
        }
        let count = Int(b.u32(16))
        guard (1...AcksMessage.maxCount).contains(count) else {
            throw .invalidField(
                message: "acks", field: "count", offset: 16, expected: "1...\(AcksMessage.maxCount)", found: "\(count)")
        }
        guard b.u32(20) == 0 else {
            throw .invalidField(message: "acks", field: "reserved", offset: 20, expected: "0", found: "\(b.u32(20))")
        }
        guard b.u64(8) != 0 else {
            throw .invalidField(message: "acks", field: "firstSequence", offset: 8, expected: ">= 1", found: "0")
        }
        let size = AcksMessage.headerSize + count * AcksMessage.entrySize
        guard b.count == size else {
            if b.count < size { throw .truncated(message: "acks", needed: size, found: b.count) }
            throw .invalidField(message: "acks", field: "length", offset: 0, expected: "\(size) bytes", found: "\(b.count) bytes")
        }
        for i in 0..<count {
            let offset = AcksMessage.headerSize + i * AcksMessage.entrySize
            // Compared one by one: an array literal here was an allocation for every acks message (issue 27).
            let flags = b.u32(offset + 24)
            guard flags == 0 || flags == 1 || flags == 3 else {
                throw .invalidField(
                    message: "acks", field: "flags", offset: offset + 24, expected: "0, 1 or 3", found: "\(flags)")
            }
            guard b.u32(offset + 28) == 0 else {
                throw .invalidField(
                    message: "acks", field: "reserved", offset: offset + 28, expected: "0", found: "\(b.u32(offset + 28))")
            }
        }
        self.bytes = b
        self.count = count
    }

    public var firstSequence: UInt64 { bytes.u64(8) }
    public var lastSequence: UInt64 { firstSequence &+ UInt64(count) &- 1 }

    public func entry(_ index: Int) -> AcksMessage.Entry {
        let offset = AcksMessage.headerSize + index * AcksMessage.entrySize
        return AcksMessage.Entry(
            appReceived: bytes.u64(offset), dispatchStarted: bytes.u64(offset + 8),
            dispatchFinished: bytes.u64(offset + 16), handled: bytes.u32(offset + 24) & 1 != 0,
            coalescedInApp: bytes.u32(offset + 24) & 2 != 0)
    }
}

/// app -> SpringBoard: the app finished one event (Android's "finished" signal).
/// Layout (48 bytes): header(8), deliverySequence u64 @8, handled u8 @16 (0/1), reserved 3 bytes @17 (0),
/// reserved u32 @20 (0), appReceived ns u64 @24, dispatchStarted ns u64 @32, dispatchFinished ns u64 @40.
/// Times are CLOCK_MONOTONIC nanoseconds, the clock every process on the host shares.
public struct AckMessage: Equatable, Sendable {
    public var deliverySequence: UInt64
    /// Some responder consumed the event (false: it went off the end of the responder chain).
    public var handled: Bool
    /// When the app's source1 read the event off its socket.
    public var appReceived: UInt64
    /// When UIApplication dequeued it (sendEvent began).
    public var dispatchStarted: UInt64
    /// When sendEvent returned.
    public var dispatchFinished: UInt64

    static let size = 48

    package init(deliverySequence: UInt64, handled: Bool, appReceived: UInt64, dispatchStarted: UInt64, dispatchFinished: UInt64)
    {
        self.deliverySequence = deliverySequence
        self.handled = handled
        self.appReceived = appReceived
        self.dispatchStarted = dispatchStarted
        self.dispatchFinished = dispatchFinished
    }

    func encode(into b: UnsafeMutableRawBufferPointer) {
        AppChannelHeader(type: .ack).encode(into: b)
        b.put(deliverySequence, 8)
        b.put(UInt8(handled ? 1 : 0), 16)
        b.put(UInt8(0), 17); b.put(UInt16(0), 18)
        b.put(UInt32(0), 20)
        b.put(appReceived, 24)
        b.put(dispatchStarted, 32)
        b.put(dispatchFinished, 40)
    }

    package func encoded() -> [UInt8] { AppChannelHeader.array(size: Self.size, encode(into:)) }

    /// The body of a `ack` frame (its header validated by `AppChannelFrame`).
    static func decode(_ frame: AppChannelFrame) throws(AppChannelError) -> AckMessage {
        let b = frame.bytes
        try frame.expect(size: size, name: "ack")
        guard b.u8(16) <= 1 else {
            throw .invalidField(message: "ack", field: "handled", offset: 16, expected: "0 or 1", found: "\(b.u8(16))")
        }
        guard b.u8(17) == 0, b.u16(18) == 0, b.u32(20) == 0 else {
            throw .invalidField(message: "ack", field: "reserved", offset: 17, expected: "0", found: "non-zero")
        }
        return AckMessage(
            deliverySequence: b.u64(8), handled: b.u8(16) == 1, appReceived: b.u64(24),
            dispatchStarted: b.u64(32), dispatchFinished: b.u64(40))
    }
}
