import Foundation
import UIKitModel

extension GestureRecognizersSceneExtension {
    /// `{log: "View Taped"}`; `state: true` appends the state (`Panned changed`); `values: true` appends the
    /// recognizer's measurements (translation, scale, rotation, location).
    static func action(_ value: SceneValue) throws -> UIGestureRecognizerAction {
        let node = try value.mapping()
        try node.checkKeys(actionKeys)
        let text = try node.required("log").string()
        let withState = try node.bool("state") ?? false
        let withValues = try node.bool("values") ?? false
        guard withState || withValues else { return .log(text) }
        return .handler(text) { recognizer in
            var line = text
            if withState { line += " \(recognizer.state)" }
            if withValues { line += " " + measurements(of: recognizer) }
            recognizer.traceRecorder?.record(line, group: "actions")
        }
    }

    static func measurements(of recognizer: UIGestureRecognizer) -> String {
        switch recognizer {
        case let pan as UIPanGestureRecognizer:
            let t = pan.translation(in: nil), v = pan.velocity(in: nil)
            return String(format: "translation=(%g, %g) velocity=(%g, %g)", t.x, t.y, v.x, v.y)
        case let pinch as UIPinchGestureRecognizer:
            return String(format: "scale=%.3f velocity=%.3f", pinch.scale, pinch.velocity)
        case let rotation as UIRotationGestureRecognizer:
            return String(format: "rotation=%.4f velocity=%.3f", rotation.rotation, rotation.velocity)
        default:
            let p = recognizer.location(in: nil)
            return String(format: "location=(%g, %g) touches=%d", p.x, p.y, recognizer.numberOfTouches)
        }
    }
}
