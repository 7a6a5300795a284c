import HIDEvent

/// The page's pointers as a touchscreen's fingers: each pointer event becomes one digitizer frame that carries
/// every finger down (the others stationary, as a panel reports them: protocols/hid-event.md, "Conventions for
/// senders"), stamped with a time on the explorer's clock that follows the page's.
struct FingerTracker {
    struct Finger {
        var pointer: Int
        var index: UInt32
        var x: Float
        var y: Float
    }

    /// Down, in the order they went down.
    private(set) var fingers: [Finger] = []
    /// The first page time seen, and the clock time it maps to.
    private var origin: (page: Double, clock: UInt64)?
    private var lastPage: Double = 0

    /// Clock time of the first event: the app has had a second to settle, as scripts start at 1 s.
    let start: UInt64

    init(start: UInt64 = 1_000_000_000) {
        self.start = start
    }

    var isIdle: Bool { fingers.isEmpty }

    /// Refuses a page time before the last one seen.
    func check(_ page: Double) throws(ExplorerRefusal) {
        guard origin == nil || page >= lastPage else {
            throw ExplorerRefusal(.badPointer, "time goes backwards (\(page) ms after \(lastPage) ms)")
        }
    }

    /// The clock time for page time `page` (checked first with `check`), never before `floor`.
    mutating func clockTime(_ page: Double, floor: UInt64) throws(ExplorerRefusal) -> UInt64 {
        guard let origin else {
            let clock = max(start, floor)
            self.origin = (page, clock)
            lastPage = page
            return clock
        }
        guard page >= lastPage else {
            throw ExplorerRefusal(.badPointer, "time goes backwards (\(page) ms after \(lastPage) ms)")
        }
        lastPage = page
        return max(origin.clock &+ UInt64(((page - origin.page) * 1_000_000).rounded()), floor)
    }

    /// The frame for one pointer event, or the refusal that leaves every finger as it was.
    mutating func frame(for input: PointerInput) throws(ExplorerRefusal) -> (frame: HIDDigitizerFrame, finger: UInt32) {
        let x = Float(input.x)
        let y = Float(input.y)
        var changed: Int
        switch input.phase {
        case .down:
            guard !fingers.contains(where: { $0.pointer == input.pointer }) else {
                throw ExplorerRefusal(.badPointer, "pointer \(input.pointer) is already down")
            }
            guard fingers.count < ExplorerInput.maxFingers else {
                throw ExplorerRefusal(.badPointer, "at most \(ExplorerInput.maxFingers) fingers can be down")
            }
            // The lowest free path id, as a panel reuses its slots.
            var index: UInt32 = 1
            while fingers.contains(where: { $0.index == index }) { index += 1 }
            fingers.append(Finger(pointer: input.pointer, index: index, x: x, y: y))
            changed = fingers.count - 1
        case .move, .up, .cancel:
            guard let at = fingers.firstIndex(where: { $0.pointer == input.pointer }) else {
                throw ExplorerRefusal(.badPointer, "pointer \(input.pointer) is not down")
            }
            changed = at
        }
        var children: [HIDDigitizerEvent] = []
        for (position, finger) in fingers.enumerated() {
            guard position == changed else {
                children.append(HIDDigitizerEvent(finger: finger.index, .stationary, x: finger.x, y: finger.y))
                continue
            }
            let change: HIDFingerChange
            switch input.phase {
            case .down: change = .down
            case .move: change = (finger.x == x && finger.y == y) ? .stationary : .move
            case .up: change = (finger.x == x && finger.y == y) ? .up : [.move, .up]
            case .cancel: change = .cancel
            }
            children.append(HIDDigitizerEvent(finger: finger.index, change, x: x, y: y))
        }
        let index = fingers[changed].index
        if input.phase == .up || input.phase == .cancel {
            fingers.remove(at: changed)
        } else {
            fingers[changed].x = x
            fingers[changed].y = y
        }
        return (HIDDigitizerFrame(fingers: children), index)
    }
}
