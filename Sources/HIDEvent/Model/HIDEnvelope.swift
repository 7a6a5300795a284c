/// What a HID message carries. Values are on the wire (envelope offset 6, u16); see protocols/hid-event.md.
public enum HIDMessageKind: UInt16, Sendable, CaseIterable {
    /// A digitizer frame: one parent collection event plus one child per finger.
    case digitizer = 1
    /// A hardware button going down or up (home, lock, volume).
    case button = 2
    /// A motion event (shake began/ended), derived by the system from the accelerometer.
    case motion = 3
}

/// Monotonic nanosecond timestamps stamped at each hop, as Android's input stack does, so a loss or a
/// slow hop is visible. Zero means "not stamped yet".
public struct HIDHopTimestamps: Equatable, Sendable {
    /// When the hardware source produced the event (the IOHIDEvent `timeStamp`).
    public var hardware: UInt64
    /// When SpringBoard's run loop read it off its event port.
    var routerReceived: UInt64
    /// When SpringBoard handed it to the app channel (or to the home screen).
    var routerForwarded: UInt64
    /// When the app's run loop read it off its app port.
    public var appReceived: UInt64

    /// Timestamps for the hops, nanoseconds (0: not stamped).
    public init(hardware: UInt64 = 0, routerReceived: UInt64 = 0, routerForwarded: UInt64 = 0, appReceived: UInt64 = 0) {
        self.hardware = hardware
        self.routerReceived = routerReceived
        self.routerForwarded = routerForwarded
        self.appReceived = appReceived
    }
}

/// The fixed header of every HID message (64 bytes on the wire).
public struct HIDEnvelope: Equatable, Sendable {
    package var kind: HIDMessageKind
    /// Per-sender sequence number; receivers use it to see gaps.
    public var sequence: UInt64
    /// The id of the sending service (IOHIDEvent `senderID`), copied into every child on the wire.
    package var senderID: UInt64
    /// When each hop handled the message (protocols/hid-event.md, "Hop stamps").
    public var timestamps: HIDHopTimestamps

    /// An envelope for a message of `kind`.
    public init(kind: HIDMessageKind, sequence: UInt64, senderID: UInt64, timestamps: HIDHopTimestamps = HIDHopTimestamps()) {
        self.kind = kind
        self.sequence = sequence
        self.senderID = senderID
        self.timestamps = timestamps
    }
}

/// A hop of the pipeline that stamps its monotonic time into the envelope (see `HIDHopTimestamps`).
public enum HIDHop: Sendable, CaseIterable {
    /// When the digitizer produced the event (the source's clock).
    case hardware
    /// When springboard's run loop read it off its event port.
    case routerReceived
    /// When springboard handed it to the app channel.
    case routerForwarded
    /// When the app's run loop read it off its port.
    case appReceived

    /// Offset of this hop's u64 timestamp inside the envelope.
    var envelopeOffset: Int {
        switch self {
        case .hardware: return HIDWireLayout.Envelope.hardware
        case .routerReceived: return HIDWireLayout.Envelope.routerReceived
        case .routerForwarded: return HIDWireLayout.Envelope.routerForwarded
        case .appReceived: return HIDWireLayout.Envelope.appReceived
        }
    }
}

extension HIDHopTimestamps {
    package subscript(hop: HIDHop) -> UInt64 {
        get {
            switch hop {
            case .hardware: return hardware
            case .routerReceived: return routerReceived
            case .routerForwarded: return routerForwarded
            case .appReceived: return appReceived
            }
        }
        set {
            switch hop {
            case .hardware: hardware = newValue
            case .routerReceived: routerReceived = newValue
            case .routerForwarded: routerForwarded = newValue
            case .appReceived: appReceived = newValue
            }
        }
    }
}

/// A HID payload and when the hardware produced it (nanoseconds from the start of a run or script): what a
/// gesture script plays and what the headless runner feeds.
public struct TimedHIDPayload: Equatable, Sendable {
    /// Nanoseconds from the start of the run or script.
    public var time: UInt64
    /// The event.
    public var payload: HIDPayload

    /// `payload` at `time`.
    public init(time: UInt64, payload: HIDPayload) {
        self.time = time
        self.payload = payload
    }

    /// The message a source sends for this payload; `hardware` is its hardware timestamp.
    public func message(sequence: UInt64, senderID: UInt64, hardware: UInt64) -> HIDMessage {
        HIDMessage(
            envelope: HIDEnvelope(
                kind: payload.kind, sequence: sequence, senderID: senderID,
                timestamps: HIDHopTimestamps(hardware: hardware)),
            payload: payload)
    }
}
