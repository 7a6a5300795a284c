import Foundation
import XCTest
import RunLoopKit
import UIKitModel

/// event-delivery.md section 7's puzzle, with the scroll view's content delay modelled as UIKit builds it: an
/// internal recognizer with `delaysTouchesBegan` that fails after 0.15 s (or when the touch ends). A view with
/// a tap recognizer holds the scroll view; the touch lands on a cell. Only public subclassing API is used.
final class GestureContentDelayTests: XCTestCase {
    /// UIKit's `UIScrollViewDelayedTouchesBeganGestureRecognizer`, reduced to its timing.
    final class ContentDelayRecognizer: UIGestureRecognizer {
        private var timer: RunLoopTimer?

        override init() {
            super.init()
            delaysTouchesBegan = true
            delaysTouchesEnded = false
            cancelsTouchesInView = false
        }

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesBegan(touches, with: event)
            timer = schedule(after: 0.15) { [weak self] in
                if self?.state == .possible { self?.state = .failed }
            }
        }

        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesEnded(touches, with: event)
            if state == .possible { state = .failed }
        }

        override func reset() {
            timer?.invalidate()
            timer = nil
        }
    }

    private var driver: TouchDriver!

    private func makeScene(withTap: Bool) {
        driver = TouchDriver()
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        let scroll = UIView(frame: CGRect(x: 0, y: 100, width: 400, height: 600))
        let cell = TouchLoggingView("Cell", frame: CGRect(x: 0, y: 0, width: 400, height: 44))
        driver.window.addSubview(root)
        root.addSubview(scroll)
        scroll.addSubview(cell)
        scroll.addGestureRecognizer(ContentDelayRecognizer())
        if withTap { root.addGestureRecognizer(UITapGestureRecognizer(action: .log("Tapped"))) }
    }

    private var timedTrace: [String] {
        driver.recorder.lines.map { "\(Double($0.time) / 1e9) \($0.text)" }
    }

    func testQuickTapTheCellNeverSeesIt() {
        makeScene(withTap: true)
        driver.tap(100, 120, at: 1.0, duration: 0.05)
        driver.advance(to: 3)
        XCTAssertEqual(timedTrace, ["1.05 Tapped"])
    }

    func testShortPressTheCellIsHighlightedThenCancelled() {
        makeScene(withTap: true)
        driver.tap(100, 120, at: 1.0, duration: 0.3)
        driver.advance(to: 3)
        XCTAssertEqual(
            timedTrace,
            [
                "1.15 -[Cell touchesBegan:withEvent:]",
                "1.3 Tapped",
                "1.3 -[Cell touchesCancelled:withEvent:]",
            ])
    }

    func testLongPressTheTapFailsAndTheCellGetsItsEnd() {
        makeScene(withTap: true)
        driver.tap(100, 120, at: 1.0, duration: 1.0)
        driver.advance(to: 3)
        XCTAssertEqual(
            timedTrace,
            [
                "1.15 -[Cell touchesBegan:withEvent:]",
                "2.0 -[Cell touchesEnded:withEvent:]",
            ])
    }

    func testWithoutTheTapAQuickTouchArrivesAsBeganThenEndAtTheLift() {
        makeScene(withTap: false)
        driver.tap(100, 120, at: 1.0, duration: 0.05)
        XCTAssertEqual(
            timedTrace,
            [
                "1.05 -[Cell touchesBegan:withEvent:]",
                "1.05 -[Cell touchesEnded:withEvent:]",
            ])
    }
}
