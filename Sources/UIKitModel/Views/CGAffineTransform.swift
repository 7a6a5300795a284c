import Foundation

/// Core Graphics' `CGAffineTransform` (Foundation on Linux has none): the 3×3 matrix
///
///     | a  b  0 |
///     | c  d  0 |
///     | tx ty 1 |
///
/// in Core Graphics' row-vector convention: a point maps as `[x y 1] × M`, so `x' = a·x + c·y + tx` and
/// `y' = b·x + d·y + ty`, and `t1.concatenating(t2)` is `t1 × t2`: t1 first, then t2
/// (developer.apple.com/documentation/corefoundation/cgaffinetransform). `translatedBy`, `scaledBy` and
/// `rotated(by:)` put their step *before* the existing transform (CGAffineTransformTranslate/Scale/Rotate),
/// which is why `view.transform.rotated(by: r)` turns the view about its own axes.
public struct CGAffineTransform: Equatable, Sendable {
    /// The matrix `[a b 0; c d 0; tx ty 1]`, as Core Graphics lays it out: a point (x, y) maps to
    /// (a·x + c·y + tx, b·x + d·y + ty).
    public var a: CGFloat
    /// See `a`.
    public var b: CGFloat
    /// See `a`.
    public var c: CGFloat
    /// See `a`.
    public var d: CGFloat
    /// The translation along x (see `a`).
    public var tx: CGFloat
    /// The translation along y (see `a`).
    public var ty: CGFloat

    /// Core Graphics' `init(a:b:c:d:tx:ty:)`.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// `CGAffineTransformIdentity`.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// `CGAffineTransformMakeTranslation`.
    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// `CGAffineTransformMakeScale`.
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// `CGAffineTransformMakeRotation`: `[cos sin −sin cos 0 0]`. On UIKit's y-down screen a positive angle
    /// turns clockwise, the sign UIRotationGestureRecognizer reports.
    public init(rotationAngle angle: CGFloat) {
        let cosine = cos(angle), sine = sin(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// True for the identity transform.
    public var isIdentity: Bool { self == .identity }

    /// `self` then `t2` (`self × t2`).
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// CGAffineTransformTranslate: the translation, then `self`.
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// CGAffineTransformScale: the scale, then `self`.
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// CGAffineTransformRotate: the rotation, then `self`.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// CGAffineTransformInvert: "If the affine transform cannot be inverted, the affine transform is returned
    /// unchanged" (developer.apple.com/documentation/corefoundation/cgaffinetransform/inverted()).
    public func inverted() -> CGAffineTransform {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return self }
        let ia = d / determinant, ib = -b / determinant, ic = -c / determinant, id = a / determinant
        return CGAffineTransform(
            a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// The six numbers as trace lines, `tree` and `explain` print them: `[a, b, c, d, tx, ty]`, each to six
    /// significant digits with rounding noise below 1e-9 shown as 0 (cos 90° is 6e-17 in binary).
    package var traceText: String {
        "[" + [a, b, c, d, tx, ty].map(Self.traceNumber).joined(separator: ", ") + "]"
    }

    static func traceNumber(_ value: CGFloat) -> String {
        let clean = abs(value) < 1e-9 ? 0 : value
        return String(format: "%g", Double(clean))
    }
}

extension CGPoint {
    /// Core Graphics' `CGPointApplyAffineTransform`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGRect {
    /// Core Graphics' `CGRectApplyAffineTransform`: the smallest rectangle containing the transformed corners
    /// (a rotated rectangle's bounding box).
    public func applying(_ t: CGAffineTransform) -> CGRect {
        CGRect.boundingBox(of: corners.map { $0.applying(t) })
    }

    /// The four corners, clockwise on screen from the top-left (min x, min y).
    package var corners: [CGPoint] {
        [
            CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: maxX, y: maxY),
            CGPoint(x: minX, y: maxY),
        ]
    }

    /// The smallest rectangle containing `points` (`.null` for none, as CGRect's union of nothing).
    package static func boundingBox(of points: [CGPoint]) -> CGRect {
        guard let first = points.first else { return .null }
        var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
        for point in points.dropFirst() {
            minX = min(minX, point.x)
            minY = min(minY, point.y)
            maxX = max(maxX, point.x)
            maxY = max(maxY, point.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
