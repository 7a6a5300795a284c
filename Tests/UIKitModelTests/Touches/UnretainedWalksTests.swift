import Foundation
import XCTest

@testable import UIKitModel

/// The touch path's unretained walks (UnretainedWalks.swift): the same elements, in the same order, as the
/// retaining forms they replace, and the same identity answers.
final class UnretainedWalksTests: XCTestCase {
    private func touches(_ count: Int) -> [UITouch] {
        (0..<count).map {
            UITouch(
                transducerIndex: UInt32($0), location: CGPoint(x: $0, y: 0), timestamp: 0, tapCount: 1,
                sequenceNumber: UInt64($0 + 1))
        }
    }

    func testForEachUnretainedVisitsEveryElementInOrder() {
        for count in [0, 1, 2, 10, 33] {
            let array = touches(count)
            var visited: [ObjectIdentifier] = []
            array.forEachUnretained { visited.append(ObjectIdentifier($0)) }
            XCTAssertEqual(visited, array.map(ObjectIdentifier.init), "\(count) touches")
        }
    }

    /// The in-place walk (an array stored in an object) visits what the plain one does and changes nothing.
    func testForEachUnretainedInPlaceVisitsEveryElementInOrderAndChangesNothing() {
        final class Holder { var touches: [UITouch] = [] }
        let holder = Holder()
        for count in [0, 1, 2, 10, 33] {
            holder.touches = touches(count)
            let before = holder.touches.map(ObjectIdentifier.init)
            var visited: [ObjectIdentifier] = []
            holder.touches.forEachUnretainedInPlace { visited.append(ObjectIdentifier($0)) }
            XCTAssertEqual(visited, before, "\(count) touches")
            XCTAssertEqual(holder.touches.map(ObjectIdentifier.init), before)
        }
    }

    func testContainsIdenticalComparesIdentity() {
        let array = touches(10)
        let stranger = touches(1)[0]
        for touch in array { XCTAssertTrue(array.containsIdentical(touch)) }
        XCTAssertFalse(array.containsIdentical(stranger))
        XCTAssertFalse([UITouch]().containsIdentical(stranger))
        // A slice's array (storage not at its start) is searched from its own first element.
        let tail = Array(array[4...])
        XCTAssertFalse(tail.containsIdentical(array[3]))
        XCTAssertTrue(tail.containsIdentical(array[4]))
    }

    func testUnretainedAtReadsTheElement() {
        let array = touches(5)
        for index in array.indices {
            XCTAssertTrue(array.unretained(at: index).takeUnretainedValue() === array[index])
        }
    }

    /// The walks leave the elements as they found them: once the array is gone, so are they (nothing was retained
    /// and left over).
    func testTheWalksLeaveNothingRetained() {
        weak var first: UITouch?
        weak var last: UITouch?
        do {
            let array = touches(3)
            first = array[0]
            last = array[2]
            array.forEachUnretained { _ in }
            XCTAssertTrue(array.containsIdentical(array[1]))
            _ = array.unretained(at: 2)._withUnsafeGuaranteedRef { $0.sequenceNumber }
        }
        XCTAssertNil(first)
        XCTAssertNil(last)
    }
}
