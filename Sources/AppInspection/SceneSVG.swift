import AppScene
import Foundation
import UIKitModel

/// `app-host render SCENE [--touch X,Y]`: the scene as an SVG picture in screen points — every window and view
/// as a rectangle (its background colour; dashed when hidden or not interactive, faded with its alpha),
/// labelled with class and id; with a touch, the hit-test path (blue: asked and answered with a view; orange:
/// asked and answered nil; red: the chosen view) and the point.
public enum SceneSVG {
    public static func render(_ scene: SceneApp, touch: CGPoint?) -> String {
        let application = scene.application
        let explanation = touch.map { HitTestExplanation(scene: scene, point: $0) }
        let answers = explanation.map { pathAnswers($0, application: application) } ?? [:]
        let size = application.windows.reduce(CGSize(width: 390, height: 844)) { size, window in
            CGSize(width: max(size.width, window.frame.maxX), height: max(size.height, window.frame.maxY))
        }
        var out = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(n(size.width))" height="\#(n(size.height + 40))" "#
                + #"viewBox="0 0 \#(n(size.width)) \#(n(size.height + 40))" font-family="sans-serif" font-size="10">"#,
            #"<rect x="0" y="0" width="\#(n(size.width))" height="\#(n(size.height + 40))" fill="white"/>"#,
        ]
        // Back to front: the windows UIKit asks last are drawn first.
        for window in application.windowsFrontToBack.reversed() {
            draw(window, origin: window.frame.origin, answers: answers, explanation: explanation, into: &out)
        }
        if let touch {
            out.append(
                #"<circle cx="\#(n(touch.x))" cy="\#(n(touch.y))" r="6" fill="rgb(224,32,27)" fill-opacity="0.6" stroke="rgb(224,32,27)"/>"#
            )
            let chosen = explanation?.view.map { "\($0.traceClassName)" } ?? "no view"
            out.append(
                #"<text x="4" y="\#(n(size.height + 16))">touch \#(escape(Trace.Point(x: Double(touch.x), y: Double(touch.y)).description)) → \#(escape(chosen))</text>"#
            )
        }
        out.append(
            #"<text x="4" y="\#(n(size.height + 32))" fill="rgb(85,85,85)">blue: hit-test answered a view · orange: answered nil · red: chosen · dashed: hidden or not interactive</text>"#
        )
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }

    private static func draw(
        _ view: UIView, origin: CGPoint, answers: [ObjectIdentifier: Bool], explanation: HitTestExplanation?,
        into out: inout [String]
    ) {
        let rect = view is UIWindow ? view.frame : view.convert(view.bounds, to: nil).offsetBy(dx: origin.x, dy: origin.y)
        let inactive = view.isHidden || !view.isUserInteractionEnabled
        var stroke = "rgb(153,153,153)", width = "1"
        switch answers[ObjectIdentifier(view)] {
        case .some(true): (stroke, width) = ("rgb(31,95,214)", "2")
        case .some(false): (stroke, width) = ("rgb(240,138,0)", "2")
        case .none: break
        }
        if explanation?.view === view { (stroke, width) = ("rgb(224,32,27)", "3") }
        let fill = view.backgroundColor.map(color) ?? "none"
        let paint =
            #"fill="\#(fill)" fill-opacity="\#(n(max(view.alpha, 0.05) * 0.5))" stroke="\#(stroke)" stroke-width="\#(width)""#
            + (inactive ? #" stroke-dasharray="4 3""# : "") + "/>"
        if let outline = transformedOutline(of: view, origin: origin) {
            out.append(#"<polygon points="\#(outline)" "# + paint)
        } else {
            out.append(
                #"<rect x="\#(n(rect.minX))" y="\#(n(rect.minY))" width="\#(n(rect.width))" height="\#(n(rect.height))" "#
                    + paint)
        }
        var label = view.traceClassName
        if let id = view.accessibilityIdentifier { label += " #\(id)" }
        out.append(#"<text x="\#(n(rect.minX + 3))" y="\#(n(rect.minY + 12))">\#(escape(label))</text>"#)
        guard !view.isHidden else { return }
        for subview in view.subviews {
            draw(subview, origin: origin, answers: answers, explanation: explanation, into: &out)
        }
    }

    /// A view under a transform (its own or an ancestor's) is drawn as its bounds' four corners on the screen,
    /// clockwise from the bounds' top-left (`x1,y1 x2,y2 ...`, to 1/1000 of a point); nil draws the plain
    /// rectangle.
    static func transformedOutline(of view: UIView, origin: CGPoint) -> String? {
        guard !(view is UIWindow), view.isTransformedOnPath else { return nil }
        return view.bounds.corners.map { corner in
            let p = view.convert(corner, to: nil)
            return "\(n(((p.x + origin.x) * 1000).rounded() / 1000)),\(n(((p.y + origin.y) * 1000).rounded() / 1000))"
        }.joined(separator: " ")
    }

    /// Which views the hit-test asked, and whether each answered a view: the hitTest records in call order
    /// matched to the views UIKit's rules visit (subviews last to first until one answers, only when the view
    /// answered and runs the default rules).
    static func pathAnswers(_ explanation: HitTestExplanation, application: UIApplication) -> [ObjectIdentifier: Bool] {
        var records = explanation.calls.filter { $0.selector == "hitTest:withEvent:" }[...]
        var answers: [ObjectIdentifier: Bool] = [:]
        func visit(_ view: UIView) -> Bool {
            guard let record = records.popFirst() else { return false }
            let hit = record.result != "nil"
            answers[ObjectIdentifier(view)] = hit
            guard hit, view.hitTestOverride == .default else { return hit }
            for subview in view.subviews.reversed() where visit(subview) { break }
            return true
        }
        for window in application.windowsFrontToBack where visit(window) { break }
        return answers
    }

    /// A scene colour (`yellow`, `#FFCC00`) as SVG accepts it; anything else is drawn grey.
    static func color(_ name: String) -> String {
        let hex = name.hasPrefix("#") ? name.dropFirst() : ""
        if hex.count == 6 || hex.count == 3, hex.allSatisfy(\.isHexDigit) { return "#" + hex }
        if !name.isEmpty, name.allSatisfy({ $0.isASCII && $0.isLetter }) { return name.lowercased() }
        return "rgb(204,204,204)"
    }

    static func n(_ value: CGFloat) -> String { Trace.Point.format(Double(value)) }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
