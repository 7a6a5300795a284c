import Foundation

/// How a device's axes land on a screen in points (protocols/evemu-replay.md, "Mapping"): the device is
/// turned by `rotation` first, then placed in `target` (the whole screen unless given), stretched over it,
/// fitted with its aspect kept, or at a physical scale of `pointsPerMillimetre`.
public struct RecordingMapping: Equatable, Sendable {
    /// How the device fills its target.
    public enum Fit: String, CaseIterable, Sendable {
        /// Each axis over the target's full width or height (the aspect may change).
        case stretch
        /// The largest size with the device's aspect that fits, centred in the target.
        case aspect
    }

    /// The screen's size in points.
    public var screen: CGSize
    /// Where the device goes; nil: the whole screen.
    public var target: CGRect?
    /// How the device fills the target (ignored with `pointsPerMillimetre`).
    public var fit: Fit
    /// Clockwise quarter turns of the device before it is placed: 0, 90, 180 or 270 degrees.
    public var rotation: Int
    /// A physical scale instead of a fit: the device's size in millimetres times this, from the target's
    /// top-left corner. iOS's 163 points per inch is 6.417 points per mm.
    public var pointsPerMillimetre: Double?
    /// The device's active area in millimetres, for devices that report resolution 0 (most do).
    public var deviceMillimetres: CGSize?

    /// A mapping onto `screen` (see the properties for the rest).
    public init(
        screen: CGSize, target: CGRect? = nil, fit: Fit = .stretch, rotation: Int = 0,
        pointsPerMillimetre: Double? = nil, deviceMillimetres: CGSize? = nil
    ) {
        self.screen = screen
        self.target = target
        self.fit = fit
        self.rotation = rotation
        self.pointsPerMillimetre = pointsPerMillimetre
        self.deviceMillimetres = deviceMillimetres
    }

    /// A device's axes placed on the screen: converts device units to points.
    public struct Placement: Sendable {
        let x: EvemuAxis
        let y: EvemuAxis
        let rotation: Int
        /// The rectangle the (turned) device covers, in points.
        public let frame: CGRect

        /// The screen point of device position (`x`, `y`).
        public func point(x: Int, y: Int) -> CGPoint {
            let u = self.x.fraction(x), v = self.y.fraction(y)
            let (a, b): (Double, Double)
            switch rotation {
            case 90: (a, b) = (1 - v, u)
            case 180: (a, b) = (1 - u, 1 - v)
            case 270: (a, b) = (v, 1 - u)
            default: (a, b) = (u, v)
            }
            return CGPoint(x: frame.minX + a * frame.width, y: frame.minY + b * frame.height)
        }

        /// Points per device unit (the geometric mean of the two axes' scales), for contact sizes.
        public var pointsPerUnit: Double {
            let turned = rotation == 90 || rotation == 270
            let sx = Double(turned ? frame.height : frame.width) / Double(x.span)
            let sy = Double(turned ? frame.width : frame.height) / Double(y.span)
            return (sx * sy).squareRoot()
        }
    }

    /// Places a device with these axes; throws when the mapping cannot be honoured.
    public func placement(x: EvemuAxis, y: EvemuAxis) throws -> Placement {
        guard [0, 90, 180, 270].contains(rotation) else {
            throw RecordingMappingError("rotation must be 0, 90, 180 or 270 degrees, not \(rotation)")
        }
        guard screen.width > 0, screen.height > 0 else { throw RecordingMappingError("the screen size must be positive") }
        let area = target ?? CGRect(origin: .zero, size: screen)
        guard area.width > 0, area.height > 0 else { throw RecordingMappingError("the target rectangle must have a size") }
        let turned = rotation == 90 || rotation == 270
        // The device's size: millimetres when known (given, or from its resolution), else its units.
        var size: CGSize
        var inMillimetres = true
        if let given = deviceMillimetres {
            size = given
        } else if let w = x.millimetres, let h = y.millimetres {
            size = CGSize(width: w, height: h)
        } else {
            size = CGSize(width: x.span, height: y.span)
            inMillimetres = false
        }
        if turned { size = CGSize(width: size.height, height: size.width) }
        let frame: CGRect
        if let scale = pointsPerMillimetre {
            guard scale > 0 else { throw RecordingMappingError("points per mm must be positive") }
            guard inMillimetres else {
                throw RecordingMappingError(
                    "the device reports resolution 0, so its size in mm is unknown: give it (--device-mm WxH) or choose a fit")
            }
            frame = CGRect(x: area.minX, y: area.minY, width: size.width * scale, height: size.height * scale)
        } else if fit == .aspect {
            let scale = min(area.width / size.width, area.height / size.height)
            let w = size.width * scale, h = size.height * scale
            frame = CGRect(x: area.midX - w / 2, y: area.midY - h / 2, width: w, height: h)
        } else {
            frame = area
        }
        return Placement(x: x, y: y, rotation: rotation, frame: frame)
    }
}

/// A mapping that cannot be applied (a bad rotation, an unknown physical size).
public struct RecordingMappingError: Error, CustomStringConvertible, Equatable, Sendable {
    public var description: String
    /// An error that says `description`.
    public init(_ description: String) { self.description = description }
}
