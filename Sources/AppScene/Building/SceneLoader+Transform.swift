import Foundation
import UIKitModel

/// The `transform:` key of views (protocols/scene-format.md, "Views"): UIView's `transform`, about the view's
/// centre, written as steps a reader can picture rather than as a matrix.
extension SceneLoader {
    static let transformSteps: Set<String> = ["scale", "rotate", "translate", "matrix"]

    /// `{scale: 1.5, rotate: 30, translate: [10, 0]}`: scale, then rotate, then translate, whatever order the
    /// keys are written in; or a list of one-key steps applied in the order written,
    /// `[{rotate: 30}, {translate: [10, 0]}, {scale: 2}]`; or `{matrix: [a, b, c, d, tx, ty]}`. Each step comes
    /// after the ones before it in the superview's space (`t = t.concatenating(step)`), so `translate` moves the
    /// view by screen points whatever the rotation. Degrees, positive clockwise on screen.
    func readTransform(_ value: SceneValue) throws -> CGAffineTransform {
        var transform = CGAffineTransform.identity
        if case .sequence = value.node {
            for stepValue in try value.sequence() {
                let step = try stepValue.mapping()
                try step.checkKeys(Self.transformSteps)
                guard step.keys.count == 1, let key = step.keys.first, let argument = step[key] else {
                    throw stepValue.error(
                        "a transform step has exactly one of matrix, rotate, scale, translate (found \(step.keys.count))")
                }
                transform = transform.concatenating(try Self.transformStep(key, argument))
            }
            return transform
        }
        let mapping = try value.mapping()
        try mapping.checkKeys(Self.transformSteps)
        if mapping.contains("matrix"), mapping.keys.count > 1 {
            throw value.error("matrix gives the whole transform: it cannot be combined with scale, rotate or translate")
        }
        for key in ["matrix", "scale", "rotate", "translate"] {
            if let argument = mapping[key] { transform = transform.concatenating(try Self.transformStep(key, argument)) }
        }
        return transform
    }

    private static func transformStep(_ key: String, _ value: SceneValue) throws -> CGAffineTransform {
        switch key {
        case "scale":
            // A scale of 0 leaves the view no area and no inverse: nothing could hit-test it.
            let (sx, sy): (Double, Double)
            if case .sequence = value.node {
                let n = try value.numbers(count: 2, expected: "a number or [x, y]")
                (sx, sy) = (n[0], n[1])
            } else {
                let n = try value.double()
                (sx, sy) = (n, n)
            }
            guard sx != 0, sy != 0 else { throw value.mismatch("a non-zero scale (a view scaled by 0 has no area)") }
            return CGAffineTransform(scaleX: sx, y: sy)
        case "rotate":
            return rotation(degrees: try value.double())
        case "translate":
            let n = try value.numbers(count: 2, expected: "[x, y] in points")
            return CGAffineTransform(translationX: n[0], y: n[1])
        default:
            let n = try value.numbers(count: 6, expected: "[a, b, c, d, tx, ty]")
            guard n[0] * n[3] - n[1] * n[2] != 0 else {
                throw value.error("the matrix has no inverse (a·d − b·c = 0): the view would have no area")
            }
            return CGAffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
        }
    }

    /// `CGAffineTransform(rotationAngle:)` for an angle in degrees, exact at multiples of 90° (so `rotate: 90`
    /// gives the matrix [0, 1, −1, 0] rather than cos(π/2) = 6e-17 from binary π).
    static func rotation(degrees: Double) -> CGAffineTransform {
        let turn = degrees.truncatingRemainder(dividingBy: 360)
        let exact: [Double: (Double, Double)] = [
            0: (1, 0), 90: (0, 1), 180: (-1, 0), 270: (0, -1), -90: (0, -1), -180: (-1, 0), -270: (0, 1),
        ]
        if let (cosine, sine) = exact[turn] {
            return CGAffineTransform(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
        }
        return CGAffineTransform(rotationAngle: degrees * .pi / 180)
    }
}
