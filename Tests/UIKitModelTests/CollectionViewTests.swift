import Foundation
import XCTest
@testable import UIKitModel

/// UICollectionView (developer.apple.com/documentation/uikit/uicollectionview) with a flow layout: items laid
/// out in lines, hit-tested to their cells through the content offset, highlighted when the cell's touch
/// reaches the collection view (after the scroll view's 0.15 s content delay), selected at an uncancelled lift
/// on the same item, in UICollectionViewDelegate's order
/// (developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:shouldhighlightitemat:)).
final class CollectionViewTests: XCTestCase {
    private var driver: TouchDriver!
    private var collection: UICollectionView!
    private var model: RecordingCollectionModel!

    /// A 320 x 440 collection view at y 40: 30 items of 100 x 100, 10 apart, so 3 to a line (10 lines,
    /// 1090 points of content: it scrolls).
    override func setUp() {
        driver = TouchDriver(size: CGSize(width: 320, height: 480))
        let controller = driver.installViewController(logs: false)
        model = RecordingCollectionModel(items: 30)
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        collection = UICollectionView(frame: CGRect(x: 0, y: 40, width: 320, height: 440), collectionViewLayout: layout)
        collection.delegate = model
        collection.dataSource = model
        controller.view.addSubview(collection)
    }

    private func cell(_ item: Int) -> UICollectionViewCell { collection.cellForItem(at: IndexPath(item: item, section: 0))! }

    func testItemsAreLaidOutInLinesAndTheContentFitsThem() {
        XCTAssertEqual(collection.numberOfItems(inSection: 0), 30)
        XCTAssertEqual(collection.collectionViewLayout.itemsPerLine(width: 320), 3)
        XCTAssertEqual(collection.contentSize, CGSize(width: 320, height: 1090))
        XCTAssertEqual(cell(0).frame, CGRect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertEqual(cell(2).frame, CGRect(x: 220, y: 0, width: 100, height: 100))
        XCTAssertEqual(cell(4).frame, CGRect(x: 110, y: 110, width: 100, height: 100))
        XCTAssertEqual(collection.indexPathForItem(at: CGPoint(x: 150, y: 150)), IndexPath(item: 4, section: 0))
        XCTAssertNil(collection.indexPathForItem(at: CGPoint(x: 105, y: 150)), "the 10 points between items")
        XCTAssertFalse(collection.alwaysBounceVertical, "UIKit's default, unlike UITableView")
        // UIKit's flow layout defaults.
        let defaults = UICollectionViewFlowLayout()
        XCTAssertEqual(defaults.itemSize, CGSize(width: 50, height: 50))
        XCTAssertEqual(defaults.minimumInteritemSpacing, 10)
        XCTAssertEqual(defaults.minimumLineSpacing, 10)
        XCTAssertEqual(defaults.itemsPerLine(width: 320), 5)
    }

    func testSectionsStartOnANewLine() {
        model.sections = [4, 2]
        collection.reloadData()
        XCTAssertEqual(collection.numberOfSections, 2)
        XCTAssertEqual(collection.cellForItem(at: IndexPath(item: 3, section: 0))?.frame.origin, CGPoint(x: 0, y: 110))
        XCTAssertEqual(collection.cellForItem(at: IndexPath(item: 0, section: 1))?.frame.origin, CGPoint(x: 0, y: 210))
        XCTAssertEqual(collection.contentSize.height, 310)
    }

    /// UIKit's order: touch down (after the delay) asks and highlights; touch up unhighlights, asks, selects.
    /// The second item deselects the first (single selection).
    func testATapHighlightsThenSelectsAndASecondItemDeselectsTheFirst() {
        driver.tap(50, 40 + 50, at: 1.0)  // item 0
        driver.tap(160, 40 + 160, at: 2.0)  // item 4
        XCTAssertEqual(
            model.calls,
            [
                "shouldHighlight 0", "highlight 0", "unhighlight 0", "shouldSelect 0", "select 0",
                "shouldHighlight 4", "highlight 4", "unhighlight 4", "shouldSelect 4", "deselect 0", "select 4",
            ])
        XCTAssertEqual(collection.indexPathsForSelectedItems, [IndexPath(item: 4, section: 0)])
        XCTAssertTrue(cell(4).isSelected)
        XCTAssertFalse(cell(0).isSelected)
        XCTAssertFalse(cell(4).isHighlighted)
    }

    func testTheHighlightWaitsForTheContentDelay() {
        driver.down(50, 90, at: 1.0)
        driver.advance(to: 1.149)
        XCTAssertEqual(model.calls, [])
        XCTAssertFalse(cell(0).isHighlighted)
        driver.advance(to: 1.15)
        XCTAssertEqual(model.calls, ["shouldHighlight 0", "highlight 0"])
        XCTAssertTrue(cell(0).isHighlighted)
        driver.up(50, 90, at: 1.3)
        XCTAssertFalse(cell(0).isHighlighted)
        XCTAssertTrue(cell(0).isSelected)
    }

    /// `delaysContentTouches = false`: the cell's touch reaches the collection view at touch-down.
    func testWithoutTheContentDelayTheItemHighlightsAtTouchDown() {
        collection.delaysContentTouches = false
        driver.down(50, 90, at: 1.0)
        XCTAssertEqual(model.calls, ["shouldHighlight 0", "highlight 0"])
    }

    /// "If you return false ..., the cell does not get highlighted and the system bypasses the entire selection
    /// process" (collectionView(_:shouldHighlightItemAt:)).
    func testShouldHighlightFalseBypassesTheSelection() {
        model.highlights = false
        driver.tap(50, 90, at: 1.0)
        XCTAssertEqual(model.calls, ["shouldHighlight 0"])
        XCTAssertFalse(cell(0).isSelected)
    }

    func testShouldSelectFalseHighlightsButDoesNotSelect() {
        model.selects = false
        driver.tap(50, 90, at: 1.0)
        XCTAssertEqual(model.calls, ["shouldHighlight 0", "highlight 0", "unhighlight 0", "shouldSelect 0"])
        XCTAssertEqual(collection.indexPathsForSelectedItems, [])
    }

    /// A touch between items hits the collection view itself: nothing to highlight.
    func testATapBetweenItemsSelectsNothing() {
        driver.tap(105, 90, at: 1.0)
        XCTAssertEqual(model.calls, [])
    }

    /// A finger that slides off its item sideways (the content cannot scroll sideways, so the collection view's
    /// pan does not take it) unhighlights the item, and its lift selects nothing.
    func testAFingerThatLeavesTheItemUnhighlightsItAndSelectsNothing() {
        driver.down(50, 90, at: 1.0)
        driver.advance(to: 1.2)
        driver.move(60, 90, at: 1.25)
        driver.move(140, 90, at: 1.3)
        driver.up(140, 90, at: 1.35)
        XCTAssertEqual(model.calls, ["shouldHighlight 0", "highlight 0", "unhighlight 0"])
        XCTAssertEqual(collection.indexPathsForSelectedItems, [])
    }

    /// A vertical drag after the highlight: the collection view's pan begins, cancels the cell's touch (its
    /// `touchesShouldCancel(in:)` is true for a cell) and scrolls; the item unhighlights, nothing is selected.
    func testADragCancelsTheHighlightAndScrolls() {
        driver.down(50, 300, at: 1.0)
        driver.advance(to: 1.2)
        driver.drag(from: CGPoint(x: 50, y: 300), to: CGPoint(x: 50, y: 200), at: 1.2, duration: 0.1, steps: 4)
        XCTAssertEqual(model.calls, ["shouldHighlight 6", "highlight 6", "unhighlight 6"])
        XCTAssertEqual(collection.contentOffset, CGPoint(x: 0, y: 100))
        driver.tap(50, 300, at: 2.0)
        XCTAssertEqual(model.calls.suffix(2), ["shouldSelect 9", "select 9"], "after scrolling, another item")
    }

    /// Programmatic selection does not tell the delegate (UIKit: only a user's touch does).
    func testSelectItemDoesNotTellTheDelegate() {
        collection.selectItem(at: IndexPath(item: 2, section: 0), animated: false)
        XCTAssertTrue(cell(2).isSelected)
        collection.selectItem(at: IndexPath(item: 3, section: 0), animated: false)
        XCTAssertFalse(cell(2).isSelected)
        XCTAssertEqual(collection.indexPathsForSelectedItems, [IndexPath(item: 3, section: 0)])
        XCTAssertEqual(model.calls, [])
    }
}

/// Data source and delegate that record each call as "highlight 3".
final class RecordingCollectionModel: UICollectionViewDataSource, UICollectionViewDelegate {
    var sections: [Int]
    var highlights = true
    var selects = true
    private(set) var calls: [String] = []

    init(items: Int) { sections = [items] }

    func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { sections[section] }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        UICollectionViewCell(title: "Item \(indexPath.item)")
    }

    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        calls.append("shouldHighlight \(indexPath.item)")
        return highlights
    }
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {
        calls.append("highlight \(indexPath.item)")
    }
    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {
        calls.append("unhighlight \(indexPath.item)")
    }
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        calls.append("shouldSelect \(indexPath.item)")
        return selects
    }
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        calls.append("select \(indexPath.item)")
    }
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
        calls.append("deselect \(indexPath.item)")
    }
}
