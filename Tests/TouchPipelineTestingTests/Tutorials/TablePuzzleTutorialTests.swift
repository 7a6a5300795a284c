import TouchPipelineTesting
import UIKitModel
import XCTest

/// UIKit's tap recognizer under a name of your own, so its lines read `-[LXFTapGestureRecognizer ...]`.
final class LXFTapGestureRecognizer: UITapGestureRecognizer {}

/// A cell that logs its touch methods, as an `NSLog` in each override would, and calls super: UIKit's cell
/// passes the touches up the responder chain to the table view, which highlights and selects its rows.
final class PuzzleCell: UITableViewCell {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        traceCall("touchesBegan:withEvent:", group: .touches, touches: touches)
        super.touchesBegan(touches, with: event)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        traceCall("touchesEnded:withEvent:", group: .touches, touches: touches)
        super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        traceCall("touchesCancelled:withEvent:", group: .touches, touches: touches)
        super.touchesCancelled(touches, with: event)
    }
}

/// The puzzle's screen: a root view with a tap recognizer, holding a button and a table of three rows.
final class ViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    let button = UIButton(frame: CGRect(x: 135, y: 700, width: 120, height: 44), title: "Button")
    let table = UITableView(frame: CGRect(x: 0, y: 100, width: 390, height: 500))

    override func viewDidLoad() {
        let tap = LXFTapGestureRecognizer()
        tap.logGroups = .touches
        tap.addTarget(.log("View Taped"))
        view.addGestureRecognizer(tap)

        button.logGroups = [.touches, .hitTest, .tracking]
        button.addTarget(self, action: "buttonTapped:", for: .touchUpInside)
        registerAction("buttonTapped:") { [weak self] _, _ in self?.traceLine("Button Tapped") }
        logGroups = .actions
        view.addSubview(button)

        table.delegate = self
        table.dataSource = self
        view.addSubview(table)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = PuzzleCell(text: "Row \(indexPath.row)")
        cell.logGroups = [.touches, .hitTest]
        return cell
    }

    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {
        traceLine("didHighlightRowAt \(indexPath.row)")
    }

    func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {
        traceLine("didUnhighlightRowAt \(indexPath.row)")
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        traceLine("didSelectRowAt \(indexPath.row)")
    }
}

final class TablePuzzleTutorialTests: XCTestCase {
    var app: TouchTestApp!

    override func setUpWithError() throws {
        app = try TouchTestApp()
        let controller = ViewController()
        controller.view.frame = app.window.bounds
        app.window.rootViewController = controller
    }

    func testAQuickTapOnARowIsTheTapRecognizers() throws {
        let trace = try app.play("at 1 tap 195 210 duration 0.05")
        XCTAssertEqual(
            trace.lines,
            [
                "-[PuzzleCell hitTest:withEvent:]", "-[PuzzleCell pointInside:withEvent:]",
                "-[LXFTapGestureRecognizer touchesBegan:withEvent:]", "-[PuzzleCell hitTest:withEvent:]",
                "-[PuzzleCell pointInside:withEvent:]", "-[LXFTapGestureRecognizer touchesEnded:withEvent:]", "View Taped",
            ])
    }

    func testAPressOfAThirdOfASecondHighlightsTheRowThenCancelsIt() throws {
        let trace = try app.play("at 1 tap 195 210 duration 0.3")
        XCTAssertEqual(
            trace.lines,
            [
                "-[PuzzleCell hitTest:withEvent:]", "-[PuzzleCell pointInside:withEvent:]",
                "-[LXFTapGestureRecognizer touchesBegan:withEvent:]", "-[PuzzleCell touchesBegan:withEvent:]",
                "didHighlightRowAt 2", "-[PuzzleCell hitTest:withEvent:]", "-[PuzzleCell pointInside:withEvent:]",
                "-[LXFTapGestureRecognizer touchesEnded:withEvent:]", "View Taped", "-[PuzzleCell touchesCancelled:withEvent:]",
                "didUnhighlightRowAt 2",
            ])
    }

    func testAPressOfASecondAndAHalfSelectsTheRow() throws {
        let trace = try app.play("at 1 tap 195 210 duration 1.5")
        XCTAssertEqual(
            trace.lines,
            [
                "-[PuzzleCell hitTest:withEvent:]", "-[PuzzleCell pointInside:withEvent:]",
                "-[LXFTapGestureRecognizer touchesBegan:withEvent:]", "-[PuzzleCell touchesBegan:withEvent:]",
                "didHighlightRowAt 2", "-[PuzzleCell hitTest:withEvent:]", "-[PuzzleCell pointInside:withEvent:]",
                "-[PuzzleCell touchesEnded:withEvent:]", "didUnhighlightRowAt 2", "didSelectRowAt 2",
            ])
    }

    func testATapOnTheButtonIsTheButtons() throws {
        let trace = try app.play("at 1 tap 195 722")
        XCTAssertEqual(
            trace.lines,
            [
                "-[UIButton hitTest:withEvent:]", "-[UIButton pointInside:withEvent:]",
                "-[LXFTapGestureRecognizer touchesBegan:withEvent:]", "-[UIButton beginTrackingWithTouch:withEvent:]",
                "-[UIButton hitTest:withEvent:]", "-[UIButton pointInside:withEvent:]",
                "-[LXFTapGestureRecognizer touchesEnded:withEvent:]", "-[UIButton endTrackingWithTouch:withEvent:]",
                "-[ViewController buttonTapped:]", "Button Tapped",
            ])
    }
}
