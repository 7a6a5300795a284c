import AppInspection
import AppScene
import Foundation
import HeadlessApp
import HIDEvent
import TestSupport
import UIKitModel
import XCTest

/// `kind: collectionView` in scene files: its keys, the delegate's scripted answers, and its errors.
final class CollectionViewSceneTests: XCTestCase {
    private func scene(_ collection: String) -> String {
        """
        windows:
          - frame: [0, 0, 390, 844]
            subviews:
              - id: grid
                kind: collectionView
                frame: [0, 0, 300, 400]
        \(collection.split(separator: "\n").map { "        " + $0 }.joined(separator: "\n"))
        """
    }

    private func error(_ collection: String) -> String? {
        do {
            _ = try SceneLoader().load(yaml: scene(collection))
            return nil
        } catch {
            return "\(error)"
        }
    }

    func testColumnsSizeTheItemsToTheWidthAndTheTreeShowsTheCells() throws {
        let app = try SceneLoader().load(
            yaml: scene("items: [A, B, C, D]\nitemSize: [50, 80]\ncolumns: 2\nlineSpacing: 4\ninteritemSpacing: 20"))
        let grid = try XCTUnwrap(app.view("grid") as? UICollectionView)
        XCTAssertEqual(grid.collectionViewLayout.itemSize, CGSize(width: 140, height: 80))
        XCTAssertEqual(grid.cellForItem(at: IndexPath(item: 3, section: 0))?.frame, CGRect(x: 160, y: 84, width: 140, height: 80))
        XCTAssertEqual(grid.contentSize, CGSize(width: 300, height: 164))
        XCTAssertEqual(
            SceneTree.describe(app).split(separator: "\n").map(String.init),
            [
                "UIWindow (0,0,390,844) level=0 key",
                "└─ UICollectionView #grid (0,0,300,400)",
                "   ├─ UICollectionViewCell (0,0,140,80)",
                "   ├─ UICollectionViewCell (160,0,140,80)",
                "   ├─ UICollectionViewCell (0,84,140,80)",
                "   └─ UICollectionViewCell (160,84,140,80)",
            ])
    }

    /// `shouldHighlightItem: {returns: false}` answers the question for every item (and still logs it).
    func testTheQuestionsAnswerAsTheFileSays() throws {
        let runner = try HeadlessAppRunner(
            sceneYAML: scene(
                """
                items: 4
                delaysContentTouches: false
                shouldHighlightItem: {log: "shouldHighlightItemAt {item}", returns: false}
                didSelectItem: {log: "didSelectItemAt {item}"}
                """))
        let trace = runner.run(GestureInputs.tap(65, 25, at: 1.0)).map(\.text)
        XCTAssertEqual(trace, ["shouldHighlightItemAt 1"])
    }

    /// `app-host render`: every cell is drawn and labelled, and the touch's path ends at item 4's cell.
    func testRenderDrawsTheCellsAndTheTouchEndsOnACell() throws {
        let url = SharedPaths.packageRoot.appendingPathComponent("deploy/scenes/collection-view-tap-passes.yaml")
        let svg = SceneSVG.render(try SceneLoader().load(contentsOf: url), touch: CGPoint(x: 195, y: 290))
        XCTAssertEqual(svg.components(separatedBy: #"paint-order="stroke">PhotoCell item "#).count - 1, 9)
        XCTAssertTrue(
            svg.contains(
                #"<text class="label" x="138" y="242" stroke="white" stroke-width="3" stroke-opacity="0.85" paint-order="stroke">PhotoCell item 4</text>"#
            ),
            "item 4 at (135, 230)")
        XCTAssertTrue(svg.contains("touch (195,290) → PhotoCell"))
    }

    func testErrorsNameThePath() {
        let at = "windows[0].subviews[0]"
        XCTAssertEqual(error("itemSize: [0, 10]"), "\(at).itemSize: expected a width and a height greater than 0, found a list")
        XCTAssertEqual(error("columns: 0"), "\(at).columns: expected an integer of at least 1, found \"0\"")
        XCTAssertEqual(error("lineSpacing: -1"), "\(at).lineSpacing: expected a number of at least 0, found \"-1\"")
        XCTAssertEqual(error("items: -2"), "\(at).items: expected a list of item titles or an item count, found \"-2\"")
        XCTAssertEqual(
            error("didSelectItem: {log: x, returns: true}"),
            "\(at).didSelectItem.returns: unknown key (expected one of: log)")
        XCTAssertEqual(error("didSelectItem: {}"), "\(at).didSelectItem: missing required key 'log'")
        XCTAssertTrue(error("rows: 3")?.hasPrefix("\(at).rows: unknown key") ?? false)
    }
}
