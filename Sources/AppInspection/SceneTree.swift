import AppScene
import Foundation
import UIKitModel

/// `app-host tree SCENE`: the scene's windows and views as a tree, each with its id, class, screen frame and
/// what hit-testing and delivery depend on (hidden, alpha, interaction, log groups, recognizers, controls).
public enum SceneTree {
    /// The scene's view tree as indented text: classes, ids, frames, controllers, recognizers and what each logs.
    public static func describe(_ scene: SceneApp) -> String {
        var out: [String] = []
        for window in scene.application.windows {
            out.append(line(window, scene: scene))
            append(window.subviews, prefix: "", scene: scene, into: &out)
        }
        return out.joined(separator: "\n")
    }

    private static func append(_ views: [UIView], prefix: String, scene: SceneApp, into out: inout [String]) {
        for (index, view) in views.enumerated() {
            let last = index == views.count - 1
            out.append(prefix + (last ? "└─ " : "├─ ") + line(view, scene: scene))
            let childPrefix = prefix + (last ? "   " : "│  ")
            for recognizer in view.gestureRecognizers ?? [] where recognizer.name != nil || !isInternal(recognizer) {
                out.append(childPrefix + "· " + describe(recognizer))
            }
            if let control = view as? UIControl {
                for (target, action) in control.registeredActions {
                    let receiver = target.map { UIControl.className(of: $0) } ?? "nil (the responder chain)"
                    out.append(childPrefix + "· action \(action) → \(receiver)")
                }
                if let redirect = control.actionRedirect {
                    out.append(
                        childPrefix + "· sendAction override → \(redirect.action) of "
                            + (redirect.target?.traceClassName ?? "the responder chain"))
                }
            }
            append(view.subviews, prefix: childPrefix, scene: scene, into: &out)
        }
    }

    /// `AView #A (0,0,390,844) log=[touches,hitTest] hidden alpha=0.01 interaction=off`.
    static func line(_ view: UIView, scene: SceneApp) -> String {
        var parts = [view.traceClassName]
        if let id = view.accessibilityIdentifier { parts.append("#\(id)") }
        parts.append(rectText(view.convert(view.bounds, to: nil)))
        // A transformed view's rectangle is its bounding box on the screen; the matrix says how it got there.
        if !view.transform.isIdentity { parts.append("transform=\(view.transform.traceText)") }
        if let window = view as? UIWindow {
            parts.append("level=\(number(window.windowLevel.rawValue))")
            if window.isKeyWindow { parts.append("key") }
        }
        if let controller = view.next as? UIViewController, !(view is UIWindow) {
            parts.append("root view of \(controller.traceClassName)")
        }
        if view.isHidden { parts.append("hidden") }
        if view.alpha != 1 {
            parts.append("alpha=\(number(view.alpha))" + (view.alpha <= 0.01 ? " (not hit-testable)" : ""))
        }
        if !view.isUserInteractionEnabled { parts.append("interaction=off") }
        if view.hitTestOverride != .default { parts.append("hitTest=\(view.hitTestOverride.rawValue)") }
        if !view.logGroups.isEmpty {
            parts.append("log=[" + (view.logGroups == .all ? "all" : view.logGroups.names.joined(separator: ",")) + "]")
        }
        return parts.joined(separator: " ")
    }

    static func describe(_ recognizer: UIGestureRecognizer) -> String {
        var text = "recognizer \(recognizer.traceClassName)"
        if let name = recognizer.name { text += " #\(name)" }
        if let edgePan = recognizer as? UIScreenEdgePanGestureRecognizer {
            text += " edges=[" + edgePan.edges.names.joined(separator: ",") + "]"
        }
        if !recognizer.isEnabled { text += " disabled" }
        return text
    }

    /// A scroll view's own pan and delay recognizers are UIKit's, not the scene's: left out of the tree.
    static func isInternal(_ recognizer: UIGestureRecognizer) -> Bool {
        recognizer.traceClassName.hasPrefix("UIScrollView")
    }

    /// `(x,y,w,h)` in screen points, to 1/1000 of a point (a rotated view's bounding box is irrational).
    static func rectText(_ rect: CGRect) -> String {
        let parts = [rect.minX, rect.minY, rect.width, rect.height].map { number(($0 * 1000).rounded() / 1000) }
        return "(" + parts.joined(separator: ",") + ")"
    }

    static func number(_ value: CGFloat) -> String {
        Trace.Point.format(Double(value))
    }
}
