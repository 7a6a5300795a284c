/// Exact UIKit trace lines of the demo apps (deploy/apps), as iOS would log them.
enum TraceLines {
    /// Maps hit-tests front to back: the map, then its subviews from the last (frontmost) to the first.
    static func mapsHitTest(landingOn view: String?) -> [String] {
        var lines = ["-[MapView hitTest:withEvent:]", "-[MapView pointInside:withEvent:]"]
        for subview in ["ZoomOutButton", "ZoomInButton", "SearchBarView"] {
            lines += ["-[\(subview) hitTest:withEvent:]", "-[\(subview) pointInside:withEvent:]"]
            if subview == view { break }
        }
        return lines
    }

    /// A tap on Maps' search bar: the hit-test pass and the touch method, for the down and for the up.
    static let mapsSearchBarTap =
        mapsHitTest(landingOn: "SearchBarView") + ["-[SearchBarView touchesBegan:withEvent:]"]
        + mapsHitTest(landingOn: "SearchBarView") + ["-[SearchBarView touchesEnded:withEvent:]"]

    static func touchLines(_ trace: [String]) -> [String] { trace.filter { $0.contains(" touches") } }

    /// The action lines of Maps' pan recognizer (`Map panned began translation=(0, -46) velocity=(0, -2875)`)
    /// without their velocity: a real process measures it on its monotonic clock, between whenever it
    /// handled two frames, so only the state and the translation are exact.
    static func mapPanLines(_ trace: [String]) -> [String] {
        trace.filter { $0.hasPrefix("Map panned ") }.map { line in
            line.range(of: " velocity=").map { String(line[..<$0.lowerBound]) } ?? line
        }
    }
}
