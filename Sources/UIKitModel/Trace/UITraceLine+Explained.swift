extension UITraceLine {
    /// The record as an explained trace prints it: the call with its touch or point, what it returned and
    /// why: `-[CView pointInside:withEvent:] (40,10) → NO`, `-[HiddenView hitTest:withEvent:] (50,50) → nil (hidden)`,
    /// `-[EView touchesBegan:withEvent:] touch#1 began (115,495)`.
    public var explained: String {
        var out = kind == .pass || kind == .transition ? "   " + text : text
        if kind == .call {
            if let touch { out += " touch#\(touch)" + (phase.map { " " + $0 } ?? "") }
            if let point { out += " " + point.description }
        }
        if let result { out += " → " + result }
        if let reason { out += " (\(reason))" }
        return out
    }
}
