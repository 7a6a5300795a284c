import AppScene
import Foundation
import UIKitModel

/// `app-host render SCENE [--touch X,Y]`: the scene as an SVG picture in screen points — every window and view
/// as an outline (its background colour; dashed when hidden or not interactive, faded with its alpha),
/// labelled with class, id and, for table cells, the row; each view's gesture recognizers under its label;
/// with a touch, the hit-test path (blue: asked and answered with a view; orange: asked and answered nil;
/// red: the chosen view) and the point. A legend under the picture says what every colour and line means.
///
/// Labels never print over each other: each is placed at its view's top-left corner, or moved down a line
/// at a time (inside the view while there is room) until it overlaps no label placed before it.
public enum SceneSVG {
    /// Points per character of the 10-point sans-serif labels, a little more than the average glyph, so an
    /// estimated box covers the text drawn.
    static let characterWidth: CGFloat = 6.2
    static let lineHeight: CGFloat = 12

    /// The scene's windows and views as an SVG drawing, with `touch` marked when given.
    public static func render(_ scene: SceneApp, touch: CGPoint?) -> String {
        let application = scene.application
        let explanation = touch.map { HitTestExplanation(scene: scene, point: $0) }
        let answers = explanation.map { pathAnswers($0, application: application) } ?? [:]
        let size = application.windows.reduce(CGSize(width: 390, height: 844)) { size, window in
            CGSize(width: max(size.width, window.frame.maxX), height: max(size.height, window.frame.maxY))
        }
        var outlines: [String] = []
        var layout = LabelLayout()
        // Back to front: the windows UIKit asks last are drawn first.
        for window in application.windowsFrontToBack.reversed() {
            draw(
                window, origin: window.frame.origin, answers: answers, chosen: explanation?.view, outlines: &outlines,
                layout: &layout)
        }
        var footer: [String] = []
        if let touch {
            let chosen = explanation?.view.map { "\($0.traceClassName)" } ?? "no view"
            footer.append("touch \(Trace.Point(x: Double(touch.x), y: Double(touch.y)).description) → \(chosen)")
        }
        let legend = legendEntries(touch: touch != nil)
        let legendLines = legend.map { wrap($0.text, width: size.width - 24) }
        let footerHeight = 8 + lineHeight * CGFloat(footer.count + legendLines.reduce(0) { $0 + $1.count }) + 8
        let height = size.height + footerHeight
        var out = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(n(size.width))" height="\#(n(height))" "#
                + #"viewBox="0 0 \#(n(size.width)) \#(n(height))" font-family="sans-serif" font-size="10">"#,
            #"<rect x="0" y="0" width="\#(n(size.width))" height="\#(n(height))" fill="white"/>"#,
        ]
        out += outlines
        out += layout.elements
        if let touch {
            out.append(
                #"<circle cx="\#(n(touch.x))" cy="\#(n(touch.y))" r="6" fill="rgb(224,32,27)" fill-opacity="0.6" stroke="rgb(224,32,27)"/>"#
            )
        }
        // The legend: under the picture, each entry with the mark it explains, wrapped to the picture's width.
        var y = size.height + 8
        out.append(
            #"<line x1="0" y1="\#(n(size.height))" x2="\#(n(size.width))" y2="\#(n(size.height))" stroke="rgb(204,204,204)"/>"#)
        for line in footer {
            y += lineHeight
            out.append(#"<text class="legend" x="4" y="\#(n(y))">\#(escape(line))</text>"#)
        }
        for (entry, lines) in zip(legend, legendLines) {
            y += lineHeight
            out.append(entry.mark(x: 4, y: y - 4))
            for (index, line) in lines.enumerated() {
                if index > 0 { y += lineHeight }
                out.append(#"<text class="legend" x="24" y="\#(n(y))" fill="rgb(68,68,68)">\#(escape(line))</text>"#)
            }
        }
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }

    private static func draw(
        _ view: UIView, origin: CGPoint, answers: [ObjectIdentifier: Bool], chosen: UIView?, outlines: inout [String],
        layout: inout LabelLayout
    ) {
        var style = OutlineStyle.plain
        switch answers[ObjectIdentifier(view)] {
        case .some(true): style = .answeredView
        case .some(false): style = .answeredNil
        case .none: break
        }
        if chosen === view { style = .chosen }
        let (element, box) = outline(of: view, origin: origin, style: style)
        outlines.append(element)
        layout.place(label(of: view), in: box, kind: .view)
        for recognizer in view.gestureRecognizers ?? [] where !(recognizer is UIScrollViewDelayedTouchesBeganGestureRecognizer) {
            layout.place(recognizer.traceClassName + (recognizer.name.map { " #\($0)" } ?? ""), in: box, kind: .recognizer)
        }
        guard !view.isHidden else { return }
        for subview in view.subviews {
            draw(subview, origin: origin, answers: answers, chosen: chosen, outlines: &outlines, layout: &layout)
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

    /// `PuzzleCell row 2`, `EView #E`: the class, the scene id, a table cell's row or a collection-view cell's item
    /// (as `didSelectRowAt`/`didSelectItemAt` count).
    static func label(of view: UIView) -> String {
        var label = view.traceClassName
        if let id = view.accessibilityIdentifier { label += " #\(id)" }
        if let cell = view as? UITableViewCell, let table = view.superview as? UITableView,
            let indexPath = table.indexPath(for: cell)
        {
            label += indexPath.section > 0 ? " section \(indexPath.section) row \(indexPath.row)" : " row \(indexPath.row)"
        }
        if let cell = view as? UICollectionViewCell, let collection = view.superview as? UICollectionView,
            let indexPath = collection.indexPath(for: cell)
        {
            label += indexPath.section > 0 ? " section \(indexPath.section) item \(indexPath.item)" : " item \(indexPath.item)"
        }
        return label
    }

    // MARK: Outlines

    /// How a view's outline is stroked: its part in the touch's hit-test.
    enum OutlineStyle {
        case plain, answeredView, answeredNil, chosen

        var stroke: (color: String, width: String) {
            switch self {
            case .plain: return ("rgb(153,153,153)", "1")
            case .answeredView: return ("rgb(31,95,214)", "2")
            case .answeredNil: return ("rgb(240,138,0)", "2")
            case .chosen: return ("rgb(224,32,27)", "3")
            }
        }
    }

    /// One view's outline on screen, and the box its labels are placed in. The only place a view's shape is
    /// drawn: a transformed view draws here as a polygon.
    static func outline(of view: UIView, origin: CGPoint, style: OutlineStyle) -> (element: String, box: CGRect) {
        let rect = view is UIWindow ? view.frame : view.convert(view.bounds, to: nil).offsetBy(dx: origin.x, dy: origin.y)
        let inactive = view.isHidden || !view.isUserInteractionEnabled
        let fill = view.backgroundColor.map(color) ?? "none"
        let paint =
            #"fill="\#(fill)" fill-opacity="\#(n(max(view.alpha, 0.05) * 0.5))" stroke="\#(style.stroke.color)" stroke-width="\#(style.stroke.width)""#
            + (inactive ? #" stroke-dasharray="4 3""# : "") + "/>"
        if let corners = transformedOutline(of: view, origin: origin) {
            return (#"<polygon points="\#(corners)" "# + paint, rect)
        }
        let element =
            #"<rect class="view" x="\#(n(rect.minX))" y="\#(n(rect.minY))" width="\#(n(rect.width))" height="\#(n(rect.height))" "#
            + paint
        return (element, rect)
    }

    // MARK: Legend

    struct LegendEntry {
        var text: String
        /// The sample drawn before the text, at (x, y) its middle-left.
        var mark: (CGFloat, CGFloat) -> String

        func mark(x: CGFloat, y: CGFloat) -> String { mark(x, y) }
    }

    static func legendEntries(touch: Bool) -> [LegendEntry] {
        func line(_ color: String, _ width: String, dashed: Bool = false) -> (CGFloat, CGFloat) -> String {
            { x, y in
                #"<line x1="\#(n(x))" y1="\#(n(y))" x2="\#(n(x + 14))" y2="\#(n(y))" stroke="\#(color)" stroke-width="\#(width)""#
                    + (dashed ? #" stroke-dasharray="4 3""# : "") + "/>"
            }
        }
        var entries = [
            LegendEntry(
                text: touch
                    ? "grey outline: a view's frame, not asked by this touch's hit-test"
                    : "grey outline: a view's frame (with --touch X,Y the hit-test path is coloured)",
                mark: line("rgb(153,153,153)", "1"))
        ]
        if touch {
            entries += [
                LegendEntry(text: "blue: hitTest asked it and it answered a view", mark: line("rgb(31,95,214)", "2")),
                LegendEntry(text: "orange: hitTest asked it and it answered nil", mark: line("rgb(240,138,0)", "2")),
                LegendEntry(text: "red: the view the touch goes to (the dot is the touch)", mark: line("rgb(224,32,27)", "3")),
            ]
        }
        entries += [
            LegendEntry(
                text: "dashed: hidden or userInteractionEnabled = NO (hit-testing skips it)",
                mark: line("rgb(153,153,153)", "1", dashed: true)),
            LegendEntry(
                text: "fill: backgroundColor, faded by alpha",
                mark: { x, y in
                    #"<rect class="legend-mark" x="\#(n(x))" y="\#(n(y - 4))" width="14" height="8" fill="rgb(204,204,204)" fill-opacity="0.5"/>"#
                }),
            LegendEntry(
                text: "black: class #id (row N: a table cell's row, as didSelectRowAt N)",
                mark: { x, y in
                    #"<text x="\#(n(x))" y="\#(n(y + 4))" font-weight="bold">Aa</text>"#
                }),
            LegendEntry(
                text: "purple italic: a gesture recognizer attached to that view",
                mark: { x, y in
                    #"<text x="\#(n(x))" y="\#(n(y + 4))" fill="rgb(128,0,160)" font-style="italic">Aa</text>"#
                }),
        ]
        return entries
    }

    /// `text` in lines of at most `width` points, broken between words (at 5.8 points a character: legend text
    /// has few capitals).
    static func wrap(_ text: String, width: CGFloat) -> [String] {
        let limit = max(Int(width / 5.8), 10)
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty, current.count + 1 + word.count > limit {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    // MARK: Hit-test path

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

// MARK: - LabelLayout

extension SceneSVG {
    /// Places labels so that none overlaps another: at the view's top-left corner, else one line lower at a
    /// time (inside the view while there is room, then below it), with a white halo so lines under a label
    /// do not cross its letters.
    struct LabelLayout {
        enum Kind { case view, recognizer }

        private(set) var elements: [String] = []
        /// The boxes taken so far (estimated from the text's length).
        private(set) var boxes: [CGRect] = []

        mutating func place(_ text: String, in view: CGRect, kind: Kind) {
            let width = CGFloat(text.count) * SceneSVG.characterWidth + 2
            var box = CGRect(x: view.minX + 2, y: view.minY + 2, width: width, height: SceneSVG.lineHeight)
            // Line by line down from the corner; on each line, rightwards past the labels in the way while the
            // label still fits in the view.
            search: for _ in 0..<400 {
                box.origin.x = view.minX + 2
                while let blocker = boxes.first(where: { Self.overlap($0, box) }) {
                    box.origin.x = blocker.maxX + 6
                    if box.maxX > view.maxX - 2 {
                        box.origin.y += SceneSVG.lineHeight
                        continue search
                    }
                }
                break
            }
            if boxes.contains(where: { Self.overlap($0, box) }) { box.origin.x = view.minX + 2 }
            let x = box.minX + 1
            let top = box.minY
            boxes.append(box)
            let style =
                kind == .view ? #"class="label""# : #"class="recognizer" fill="rgb(128,0,160)" font-style="italic""#
            elements.append(
                #"<text \#(style) x="\#(SceneSVG.n(x))" y="\#(SceneSVG.n(top + 10))" stroke="white" stroke-width="3" "#
                    + #"stroke-opacity="0.85" paint-order="stroke">\#(SceneSVG.escape(text))</text>"#)
        }

        /// Boxes that share more than an edge.
        static func overlap(_ a: CGRect, _ b: CGRect) -> Bool {
            a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
        }
    }
}
