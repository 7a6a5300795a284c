/// The fingers currently down in the gesture SpringBoard is routing, with their last positions (needed to
/// synthesize a cancel). Fixed capacity (a frame carries at most 32 fingers): updating never allocates.
public struct LiveTouches: Sendable {
    public struct Touch: Equatable, Sendable {
        public var index: UInt32
        public var x: Float
        public var y: Float
        /// The hid-source (envelope senderID) whose finger this is.
        public var sender: UInt64

        public init(index: UInt32, x: Float, y: Float, sender: UInt64 = 0) {
            self.index = index
            self.x = x
            self.y = y
            self.sender = sender
        }
    }

    public static let capacity = 32
    private var slots = [Touch](repeating: Touch(index: 0, x: 0, y: 0), count: LiveTouches.capacity)
    public private(set) var count = 0

    public init() {}

    public var isEmpty: Bool { count == 0 }

    public subscript(_ i: Int) -> Touch { slots[i] }

    /// Began/changed/stationary fingers are kept (added or moved); ended/cancelled ones removed.
    public mutating func apply(_ sample: TouchSample, sender: UInt64 = 0) {
        var found = -1
        for i in 0..<count where slots[i].index == sample.index && slots[i].sender == sender { found = i; break }
        if sample.isLifting {
            guard found >= 0 else { return }
            slots[found] = slots[count - 1]
            count -= 1
            return
        }
        let touch = Touch(index: sample.index, x: sample.x, y: sample.y, sender: sender)
        if found >= 0 {
            slots[found] = touch
        } else if count < LiveTouches.capacity {
            slots[count] = touch
            count += 1
        }
    }

    public func contains(sender: UInt64) -> Bool {
        for i in 0..<count where slots[i].sender == sender { return true }
        return false
    }

    /// Forgets every finger of `sender` (its run ended).
    public mutating func removeAll(of sender: UInt64) {
        var i = 0
        while i < count {
            if slots[i].sender == sender {
                slots[i] = slots[count - 1]
                count -= 1
            } else {
                i += 1
            }
        }
    }

    public mutating func removeAll() { count = 0 }
}
