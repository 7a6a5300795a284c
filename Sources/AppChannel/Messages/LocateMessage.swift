/// SpringBoard -> app: where is the view with this id? (`hid-source tap @id`, through the control socket's
/// `view` command.) The foreground app answers with a `LocationMessage` carrying the same `request`.
/// Layout (20 + n bytes): header(8), request u64 @8, viewID length n u16 @16 (1...255), reserved u16 @18 (0),
/// viewID UTF-8 @20.
public struct LocateMessage: Equatable, Sendable {
    public var request: UInt64
    public var viewID: String

    static let fixedSize = 20

    public init(request: UInt64, viewID: String) {
        self.request = request
        self.viewID = viewID
    }

    public func encoded() -> [UInt8] {
        let id = Array(viewID.utf8.prefix(AppChannelWire.maxBundleIDLength))
        return AppChannelHeader.array(size: Self.fixedSize + id.count) { b in
            AppChannelHeader(type: .locate).encode(into: b)
            b.put(request, 8)
            b.put(UInt16(id.count), 16)
            b.put(UInt16(0), 18)
            for (offset, byte) in id.enumerated() { b[Self.fixedSize + offset] = byte }
        }
    }

    /// The body of a `locate` frame (its header validated by `AppChannelFrame`).
    static func decode(_ frame: AppChannelFrame) throws(AppChannelError) -> LocateMessage {
        let b = frame.bytes
        guard b.count >= fixedSize else { throw .truncated(message: "locate", needed: fixedSize, found: b.count) }
        let length = Int(b.u16(16))
        guard (1...AppChannelWire.maxBundleIDLength).contains(length) else {
            throw .invalidField(message: "locate", field: "viewIDLength", offset: 16, expected: "1...255", found: "\(length)")
        }
        try frame.expect(size: fixedSize + length, name: "locate")
        guard b.u16(18) == 0 else {
            throw .invalidField(message: "locate", field: "reserved", offset: 18, expected: "0", found: "\(b.u16(18))")
        }
        let id = String(decoding: UnsafeRawBufferPointer(rebasing: b[fixedSize..<fixedSize + length]), as: UTF8.self)
        return LocateMessage(request: b.u64(8), viewID: id)
    }
}

/// app -> SpringBoard: the answer to a `LocateMessage`: the centre of the view in screen points, or why there
/// is no point to give (no view with that id, or a touch there would reach another view).
/// Layout (32 + n bytes): header(8), request u64 @8, found u32 @16 (0 or 1), x f32 @20, y f32 @24 (0 when not
/// found), reason length n u16 @28 (0...1024; 0 when found), reserved u16 @30 (0), reason UTF-8 @32.
public struct LocationMessage: Equatable, Sendable {
    public var request: UInt64
    public var result: Result

    public enum Result: Equatable, Sendable {
        case found(x: Float, y: Float)
        case notFound(reason: String)
    }

    static let fixedSize = 32

    public init(request: UInt64, result: Result) {
        self.request = request
        self.result = result
    }

    public func encoded() -> [UInt8] {
        var reason: [UInt8] = []
        var point: (x: Float, y: Float)?
        switch result {
        case .found(let x, let y): point = (x, y)
        case .notFound(let text): reason = Array(text.utf8.prefix(AppChannelWire.maxTextLength))
        }
        return AppChannelHeader.array(size: Self.fixedSize + reason.count) { b in
            AppChannelHeader(type: .location).encode(into: b)
            b.put(request, 8)
            b.put(UInt32(point == nil ? 0 : 1), 16)
            b.store(point?.x ?? 0, at: 20)
            b.store(point?.y ?? 0, at: 24)
            b.put(UInt16(reason.count), 28)
            b.put(UInt16(0), 30)
            for (offset, byte) in reason.enumerated() { b[Self.fixedSize + offset] = byte }
        }
    }

    /// The body of a `location` frame (its header validated by `AppChannelFrame`).
    static func decode(_ frame: AppChannelFrame) throws(AppChannelError) -> LocationMessage {
        let b = frame.bytes
        guard b.count >= fixedSize else { throw .truncated(message: "location", needed: fixedSize, found: b.count) }
        let length = Int(b.u16(28))
        guard length <= AppChannelWire.maxTextLength else {
            throw .invalidField(message: "location", field: "reasonLength", offset: 28, expected: "0...1024", found: "\(length)")
        }
        try frame.expect(size: fixedSize + length, name: "location")
        guard b.u32(16) <= 1 else {
            throw .invalidField(message: "location", field: "found", offset: 16, expected: "0 or 1", found: "\(b.u32(16))")
        }
        guard b.u16(30) == 0 else {
            throw .invalidField(message: "location", field: "reserved", offset: 30, expected: "0", found: "\(b.u16(30))")
        }
        if b.u32(16) == 1 { return LocationMessage(request: b.u64(8), result: .found(x: b.f32(20), y: b.f32(24))) }
        let reason = String(decoding: UnsafeRawBufferPointer(rebasing: b[fixedSize..<fixedSize + length]), as: UTF8.self)
        return LocationMessage(request: b.u64(8), result: .notFound(reason: reason))
    }
}
