import TouchPipelineTesting
import UIKitModel
import XCTest

/// "Tap anywhere to dismiss the keyboard" over a table: a tap recognizer on the root view whose delegate (the
/// controller) keeps it off the table's rows.
final class ContactsViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    let table = UITableView(frame: CGRect(x: 0, y: 100, width: 390, height: 500))
    let dismissTap = UITapGestureRecognizer()

    override func viewDidLoad() {
        dismissTap.addTarget(self, action: ContactsViewController.dismissKeyboard, name: "dismissKeyboard:")
        dismissTap.delegate = self
        view.addGestureRecognizer(dismissTap)
        logGroups = .delegate

        table.delegate = self
        table.dataSource = self
        view.addSubview(table)
    }

    private func dismissKeyboard(_ recognizer: UIGestureRecognizer) {
        traceLine("endEditing: keyboard dismissed")
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = PuzzleCell(text: "Contact \(indexPath.row)")
        cell.logGroups = .touches
        return cell
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        traceLine("didSelectRowAt \(indexPath.row)")
    }
}

/// The answer per touch: a touch on a row is the table's, any other the dismiss tap's
/// (developer.apple.com/documentation/uikit/uigesturerecognizerdelegate/gesturerecognizer(_:shouldreceive:)).
extension ContactsViewController: UIGestureRecognizerDelegate {
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        let onARow = touch.view?.isDescendant(of: table) == true
        traceCall("gestureRecognizer:shouldReceiveTouch:", group: .delegate, result: onARow ? "NO" : "YES")
        return !onARow
    }
}

final class KeyboardTapTutorialTests: XCTestCase {
    var app: TouchTestApp!
    var controller: ContactsViewController!

    override func setUpWithError() throws {
        app = try TouchTestApp()
        controller = ContactsViewController()
        controller.view.frame = app.window.bounds
        app.window.rootViewController = controller
    }

    func testWithoutTheDelegateTheTapTakesEveryQuickTapOnARow() throws {
        controller.dismissTap.delegate = nil
        let trace = try app.play("at 1 tap 195 210 duration 0.05")
        XCTAssertEqual(trace.lines, ["endEditing: keyboard dismissed"])
    }

    func testAQuickTapOnARowSelectsIt() throws {
        let trace = try app.play("at 1 tap 195 210 duration 0.05")
        XCTAssertEqual(
            trace.lines,
            [
                "-[ContactsViewController gestureRecognizer:shouldReceiveTouch:]", "-[PuzzleCell touchesBegan:withEvent:]",
                "-[PuzzleCell touchesEnded:withEvent:]", "didSelectRowAt 2",
            ])
    }

    func testATapInEmptySpaceDismissesTheKeyboard() throws {
        let trace = try app.play("at 1 tap 195 50")
        XCTAssertEqual(
            trace.lines, ["-[ContactsViewController gestureRecognizer:shouldReceiveTouch:]", "endEditing: keyboard dismissed"])
    }
}
