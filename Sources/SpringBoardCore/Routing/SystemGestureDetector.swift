/// The home-indicator gesture: a finger that goes down within `edgeHeight` of the bottom edge and moves up
/// by at least `travel` points returns to the home screen (iOS: swipe up from the bottom edge).
package struct SystemGestureDetector: Sendable {
    var screenHeight: Float
    var edgeHeight: Float
    var travel: Float

    package init(screenHeight: Float, edgeHeight: Float = 20, travel: Float = 100) {
        self.screenHeight = screenHeight
        self.edgeHeight = edgeHeight
        self.travel = travel
    }

    func startsInBottomEdge(y: Float) -> Bool { y >= screenHeight - edgeHeight }

    /// True when a gesture that started at `startY` has a finger at `y` far enough up.
    package func isSwipeUp(startY: Float, y: Float) -> Bool {
        startsInBottomEdge(y: startY) && startY - y >= travel
    }
}
