import Foundation
import XCTest
@testable import UIKitModel

/// UITableView as a scroll view: rows laid out as cells, hit-tested through the content offset, highlighted
/// after the content delay, selected on an uncancelled end on the same row.
final class ScrollViewTableViewTests: XCTestCase {
    private var driver: TouchDriver!
    private var table: UITableView!
    private var model: RecordingTableModel!

    /// A 320 x 440 table at y 40 with 30 rows of 44 points (1320 points of content).
    override func setUp() {
        driver = TouchDriver(size: CGSize(width: 320, height: 480))
        let controller = driver.installViewController(logs: false)
        model = RecordingTableModel(rows: 30)
        table = UITableView(frame: CGRect(x: 0, y: 40, width: 320, height: 440))
        table.delegate = model
        table.dataSource = model
        controller.view.addSubview(table)
    }

    func testRowsAreLaidOutAsCellsAndTheContentFitsThem() {
        XCTAssertEqual(table.numberOfRows(inSection: 0), 30)
        XCTAssertEqual(table.contentSize, CGSize(width: 320, height: 1320))
        XCTAssertEqual(table.cellForRow(at: IndexPath(row: 3, section: 0))?.frame, CGRect(x: 0, y: 132, width: 320, height: 44))
        XCTAssertEqual(table.indexPathForRow(at: CGPoint(x: 10, y: 133)), IndexPath(row: 3, section: 0))
        XCTAssertTrue(table.alwaysBounceVertical)
    }

    func testATapSelectsTheRowAndASecondRowDeselectsTheFirst() {
        driver.tap(100, 40 + 22, at: 1.0)  // row 0
        driver.tap(100, 40 + 44 * 2 + 10, at: 2.0)  // row 2
        XCTAssertEqual(
            model.calls,
            [
                "highlight 0", "unhighlight 0", "willSelect 0", "select 0",
                "highlight 2", "unhighlight 2", "willSelect 2", "deselect 0", "select 2",
            ])
        XCTAssertEqual(table.indexPathForSelectedRow, IndexPath(row: 2, section: 0))
        XCTAssertTrue(table.cellForRow(at: IndexPath(row: 2, section: 0))!.isSelected)
        XCTAssertFalse(table.cellForRow(at: IndexPath(row: 0, section: 0))!.isSelected)
    }

    func testTheHighlightWaitsForTheContentDelay() {
        driver.down(100, 62, at: 1.0)
        driver.advance(to: 1.149)
        XCTAssertEqual(model.calls, [])
        driver.advance(to: 1.15)
        XCTAssertEqual(model.calls, ["highlight 0"])
        XCTAssertTrue(table.cellForRow(at: IndexPath(row: 0, section: 0))!.isHighlighted)
    }

    func testAfterScrollingTheSameScreenPointIsAnotherRow() {
        // Drag the content up by 220 points (5 rows), then tap where row 0 was.
        driver.drag(from: CGPoint(x: 100, y: 400), to: CGPoint(x: 100, y: 180), at: 1.0, duration: 0.1, steps: 4)
        XCTAssertEqual(table.contentOffset, CGPoint(x: 0, y: 220))
        XCTAssertEqual(model.calls, [], "a quick drag never reaches the rows")
        driver.tap(100, 62, at: 2.0)
        XCTAssertEqual(model.calls.last, "select 5")
    }

    func testADragAfterTheHighlightCancelsItAndSelectsNothing() {
        driver.down(100, 300, at: 1.0)  // row 5
        driver.move(100, 280, at: 1.3)  // the pan begins: the cell's touch is cancelled
        driver.up(100, 280, at: 1.4)
        XCTAssertEqual(model.calls, ["highlight 5", "unhighlight 5"])
        XCTAssertNil(table.indexPathForSelectedRow)
        XCTAssertEqual(table.contentOffset, CGPoint(x: 0, y: 20))
    }

    func testShouldHighlightFalseAndWillSelectRedirect() {
        model.unhighlightable = [1]
        model.redirect = [2: 3, 4: nil]
        driver.tap(100, 40 + 44 + 10, at: 1.0)  // row 1: not highlightable, so not selectable by touch
        driver.tap(100, 40 + 88 + 10, at: 2.0)  // row 2 → 3
        driver.tap(100, 40 + 176 + 10, at: 3.0)  // row 4 → nothing
        XCTAssertEqual(
            model.calls,
            [
                "highlight 2", "unhighlight 2", "willSelect 2", "select 3",
                "highlight 4", "unhighlight 4", "willSelect 4",
            ])
        XCTAssertEqual(table.indexPathForSelectedRow, IndexPath(row: 3, section: 0))
    }
}

/// A data source and delegate that records the delegate calls it gets.
private final class RecordingTableModel: UITableViewDataSource, UITableViewDelegate {
    let rows: Int
    var calls: [String] = []
    var unhighlightable: Set<Int> = []
    var redirect: [Int: Int?] = [:]

    init(rows: Int) { self.rows = rows }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell(text: "Row \(indexPath.row)")
    }
    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
        !unhighlightable.contains(indexPath.row)
    }
    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {
        calls.append("highlight \(indexPath.row)")
    }
    func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {
        calls.append("unhighlight \(indexPath.row)")
    }
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        calls.append("willSelect \(indexPath.row)")
        guard let target = redirect[indexPath.row] else { return indexPath }
        return target.map { IndexPath(row: $0, section: 0) }
    }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { calls.append("select \(indexPath.row)") }
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) { calls.append("deselect \(indexPath.row)") }
}
