import Foundation
import UIKitModel

extension SceneLoader {
    static let windowKeys: Set<String> = responderKeys.union([
        "frame", "level", "key", "visible", "rootViewController", "subviews",
        "alpha", "userInteractionEnabled", "backgroundColor", "tag", "hitTest", "pointInsideIncludes",
    ])
    /// An iPhone's screen in points, the default window frame.
    static let defaultScreen = CGRect(x: 0, y: 0, width: 390, height: 844)

    func buildWindow(_ value: SceneValue, context: SceneBuildContext) throws -> (UIWindow, isKey: Bool) {
        let node = try value.mapping()
        try node.checkKeys(Self.windowKeys)
        let window = UIWindow(frame: try node["frame"].map(readFrame) ?? Self.defaultScreen)
        context.application.addWindow(window)
        try applyResponderKeys(from: node, to: window, context: context)
        try applyViewProperties(from: node, to: window, context: context)
        if let level = node["level"] { window.windowLevel = try readLevel(level) }
        for subview in try node.sequence("subviews") ?? [] {
            window.addSubview(try buildView(subview, context: context))
        }
        if let root = try node.mapping("rootViewController") {
            window.rootViewController = try buildController(root, context: context)
        }
        let isKey = try node.bool("key") ?? false
        let isVisible = try node.bool("visible") ?? true
        if isKey && !isVisible { throw value.error("a key window must be visible") }
        window.isHidden = !isVisible
        return (window, isKey)
    }

    /// `normal`, `statusBar`, `alert` or a number.
    private func readLevel(_ value: SceneValue) throws -> UIWindow.Level {
        if let number = try? value.double() { return UIWindow.Level(CGFloat(number)) }
        switch try? value.string() {
        case "normal": return .normal
        case "statusBar": return .statusBar
        case "alert": return .alert
        default: throw value.mismatch("a number or one of normal, statusBar, alert")
        }
    }
}
