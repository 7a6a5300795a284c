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
