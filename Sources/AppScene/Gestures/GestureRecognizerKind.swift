import Foundation
import UIKitModel

/// The `kind:` of a recognizer in a scene file: which UIKit class it is and the keys only that class has.
enum GestureRecognizerKind: String, CaseIterable {
    case tap, longPress, pan, swipe, pinch, rotation
    /// A plain `UIGestureRecognizer`: receives touches and never changes state by itself.
    case plain

    var keys: Set<String> {
        switch self {
        case .tap: return ["numberOfTapsRequired", "numberOfTouchesRequired"]
        case .longPress:
            return ["minimumPressDuration", "allowableMovement", "numberOfTouchesRequired", "numberOfTapsRequired"]
        case .pan: return ["minimumNumberOfTouches", "maximumNumberOfTouches"]
        case .swipe: return ["direction", "numberOfTouchesRequired"]
        case .pinch, .rotation, .plain: return []
        }
    }

    /// Makes the recognizer and applies this kind's keys.
    func make(from node: SceneMapping) throws -> UIGestureRecognizer {
        switch self {
        case .tap:
            let tap = UITapGestureRecognizer()
            if let taps = try positive(node, "numberOfTapsRequired") { tap.numberOfTapsRequired = taps }
            if let touches = try positive(node, "numberOfTouchesRequired") { tap.numberOfTouchesRequired = touches }
            return tap
        case .longPress:
            let press = UILongPressGestureRecognizer()
            if let value = node["minimumPressDuration"] { press.minimumPressDuration = try nonNegative(value) }
            if let value = node["allowableMovement"] { press.allowableMovement = CGFloat(try nonNegative(value)) }
            if let touches = try positive(node, "numberOfTouchesRequired") { press.numberOfTouchesRequired = touches }
            if let value = node["numberOfTapsRequired"] {
                let taps = try value.int()
                guard taps >= 0 else { throw value.mismatch("an integer of at least 0") }
                press.numberOfTapsRequired = taps
            }
            return press
        case .pan:
            let pan = UIPanGestureRecognizer()
            if let minimum = try positive(node, "minimumNumberOfTouches") { pan.minimumNumberOfTouches = minimum }
            if let maximum = try positive(node, "maximumNumberOfTouches") { pan.maximumNumberOfTouches = maximum }
            if pan.maximumNumberOfTouches < pan.minimumNumberOfTouches, let value = node["maximumNumberOfTouches"] {
                throw value.error("maximumNumberOfTouches must be at least minimumNumberOfTouches")
            }
            return pan
        case .swipe:
            let swipe = UISwipeGestureRecognizer()
            if let value = node["direction"] { swipe.direction = try direction(value) }
            if let touches = try positive(node, "numberOfTouchesRequired") { swipe.numberOfTouchesRequired = touches }
            return swipe
        case .pinch: return UIPinchGestureRecognizer()
        case .rotation: return UIRotationGestureRecognizer()
        case .plain: return UIGestureRecognizer()
        }
    }

    /// UIKit's class name, the default `class:` printed in traces.
    var uikitClassName: String {
        switch self {
        case .tap: return "UITapGestureRecognizer"
        case .longPress: return "UILongPressGestureRecognizer"
        case .pan: return "UIPanGestureRecognizer"
        case .swipe: return "UISwipeGestureRecognizer"
        case .pinch: return "UIPinchGestureRecognizer"
        case .rotation: return "UIRotationGestureRecognizer"
        case .plain: return "UIGestureRecognizer"
        }
    }

    private func positive(_ node: SceneMapping, _ key: String) throws -> Int? {
        guard let value = node[key] else { return nil }
        let number = try value.int()
        guard number >= 1 else { throw value.mismatch("an integer of at least 1") }
        return number
    }

    private func nonNegative(_ value: SceneValue) throws -> Double {
        let number = try value.double()
        guard number >= 0 else { throw value.mismatch("a number of at least 0") }
        return number
    }

    /// `right`, or a list `[left, right]`.
    private func direction(_ value: SceneValue) throws -> UISwipeGestureRecognizer.Direction {
        let names: [String: UISwipeGestureRecognizer.Direction] = ["right": .right, "left": .left, "up": .up, "down": .down]
        let items: [SceneValue]
        if case .sequence = value.node { items = try value.sequence() } else { items = [value] }
        var direction: UISwipeGestureRecognizer.Direction = []
        for item in items {
            guard let one = names[try item.string()] else { throw item.mismatch("one of down, left, right, up") }
            direction.insert(one)
        }
        guard !direction.isEmpty else { throw value.mismatch("at least one direction") }
        return direction
    }
}
