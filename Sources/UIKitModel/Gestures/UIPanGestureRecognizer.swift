import Foundation

/// UIKit's `UIPanGestureRecognizer` (continuous): begins once at least `minimumNumberOfTouches` fingers have
/// moved their centroid more than `GestureConstants.panHysteresis` (10 points) from where they came down;
/// changes with every move; ends when fewer than `minimumNumberOfTouches` remain. Fingers beyond
/// `maximumNumberOfTouches` are ignored.
///
/// The centroid moves by the mean movement of the fingers that were already down: a finger joining or
/// leaving (even in the same frame as another's move, as real panels report it) moves nothing, so the
/// translation never jumps by half the fingers' spread. `velocity(in:)` is points per second of the run-loop
/// clock over the last `GestureConstants.velocityWindow` of samples; a lift that moves nothing right after the last
/// move keeps the flick's velocity (GestureMotionHistory).
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// UIKit's `minimumNumberOfTouches` (1): fewer fingers do not begin a pan.
    @exclusivity(unchecked)
    public var minimumNumberOfTouches = 1
    /// UIKit's `maximumNumberOfTouches` (no limit): more fingers do not begin a pan.
    @exclusivity(unchecked)
    public var maximumNumberOfTouches = Int.max

    /// Where the translation is measured from, and where the fingers' centroid has moved to since (window
    /// coordinates, by per-finger movement).
    @exclusivity(unchecked)
    private var origin: CGPoint?
    @exclusivity(unchecked)
    private var position = CGPoint.zero
    /// Each followed finger's last window location.
    @exclusivity(unchecked)
    private var locations = TouchLocations()
    @exclusivity(unchecked)
    private var history = GestureMotionHistory<CGPoint>()
    @exclusivity(unchecked)
    private var currentVelocity = CGPoint.zero

    /// UIKit: "The translation of the pan gesture in the coordinate system of the specified view"
    /// (developer.apple.com/documentation/uikit/uipangesturerecognizer/translation(in:)): the centroid's
    /// movement since the pan's origin, measured in the window and turned into `view`'s space by the linear
    /// part of every transform on the way (a view rotated 90° sees a rightward drag as a move up its own y
    /// axis, one scaled 2× sees half the points). nil: the window's space.
    public func translation(in view: UIView?) -> CGPoint {
        guard let origin else { return .zero }
        let moved = CGPoint(x: position.x - origin.x, y: position.y - origin.y)
        return view?.convertVectorFromWindow(moved) ?? moved
    }

    /// UIKit's `setTranslation(_:in:)`: makes the current translation `translation` (commonly `.zero`), given
    /// in `view`'s space.
    public func setTranslation(_ translation: CGPoint, in view: UIView?) {
        guard origin != nil else { return }
        let moved = view?.convertVectorToWindow(translation) ?? translation
        origin = CGPoint(x: position.x - moved.x, y: position.y - moved.y)
    }

    /// Points per second of `view`'s space (the window's for nil), measured on the run-loop clock.
    public func velocity(in view: UIView?) -> CGPoint {
        view?.convertVectorFromWindow(currentVelocity) ?? currentVelocity
    }

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        ignoreTouches(beyond: maximumNumberOfTouches, for: event)
        let onScreen = touchesOnScreen
        if origin == nil, !onScreen.isEmpty {
            position = Self.centroid(of: onScreen)
            origin = position
            _ = history.record(position, at: environment?.now ?? 0)
        }
        for touch in onScreen where locations[ObjectIdentifier(touch)] == nil {
            locations[ObjectIdentifier(touch)] = touch.location(in: nil)
        }
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        let onScreen = touchesOnScreen
        follow(onScreen)
        switch state {
        case .possible:
            guard let origin, onScreen.count >= minimumNumberOfTouches,
                Self.distance(origin, position) > GestureConstants.panHysteresis
            else { return }
            state = .began
        case .began, .changed:
            state = .changed
        default:
            return
        }
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        // The lift's own position counts (the finger may have moved since the last frame).
        follow(touchesReportingLift, lifting: true)
        let remaining = touchesOnScreen
        for touch in trackedTouches where touch.phase.isFinal { locations[ObjectIdentifier(touch)] = nil }
        switch state {
        case .possible:
            if remaining.isEmpty { state = .failed }
        case .began, .changed:
            if remaining.count < minimumNumberOfTouches { state = .ended }
        default:
            return
        }
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        cancelContinuousGesture()
    }

    public override func reset() {
        super.reset()
        origin = nil
        position = .zero
        locations.removeAll()
        history.removeAll()
        currentVelocity = .zero
    }

    /// Moves the centroid by the mean movement of `touches` that were followed already, and samples it.
    private func follow(_ touches: [UITouch], lifting: Bool = false) {
        var dx: CGFloat = 0, dy: CGFloat = 0, n: CGFloat = 0
        // Unretained: `touches` (the caller's array, the tracked touches) holds them (issue 27: a retain and a
        // release a finger each move).
        var place = 0  // the touches come in the order they were followed in: usually the entry's place
        touches.forEachUnretained { touch in
            let now = touch.location(in: nil)
            defer { place += 1 }
            if let before = locations.update(ObjectIdentifier(touch), to: now, hint: place) {
                dx += now.x - before.x
                dy += now.y - before.y
                n += 1
            }
        }
        if n > 0 { position = CGPoint(x: position.x + dx / n, y: position.y + dy / n) }
        // Read unretained (its bits as `Unmanaged`): the recognizer holds its environment (`environment.map` still
        // retained and released it every move, issue 27).
        let now = unsafeBitCast(environment, to: Unmanaged<UIGestureEnvironment>?.self)?._withUnsafeGuaranteedRef { $0.now } ?? 0
        if let anchor = history.record(position, at: now, isLift: lifting), let rate = anchor.velocity(to: position, at: now) {
            currentVelocity = rate
        }
    }
}

/// A pan's followed fingers' last window locations, by touch: a short array searched in place (at most a hand's
/// fingers; hashing each touch's identity on every move cost more than the search, issue 27).
private struct TouchLocations {
    private var entries: [(touch: ObjectIdentifier, location: CGPoint)] = []

    subscript(touch: ObjectIdentifier) -> CGPoint? {
        get {
            for entry in entries where entry.touch == touch { return entry.location }
            return nil
        }
        set {
            if let index = entries.firstIndex(where: { $0.touch == touch }) {
                if let newValue { entries[index].location = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append((touch, newValue))
            }
        }
    }

    /// Sets the touch's location and returns the one it replaces (nil for a touch not followed yet): one search,
    /// from `hint` (where the entry probably is) first.
    mutating func update(_ touch: ObjectIdentifier, to location: CGPoint, hint: Int = 0) -> CGPoint? {
        if hint >= 0, hint < entries.count, entries[hint].touch == touch {
            let before = entries[hint].location
            entries[hint].location = location
            return before
        }
        for index in entries.indices where entries[index].touch == touch {
            let before = entries[index].location
            entries[index].location = location
            return before
        }
        entries.append((touch, location))
        return nil
    }

    mutating func removeAll() { entries.removeAll(keepingCapacity: true) }
}
