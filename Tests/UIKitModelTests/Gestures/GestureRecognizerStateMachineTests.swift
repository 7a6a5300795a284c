import XCTest
@testable import UIKitModel

/// The one value that holds a recognizer's state: what `state` reads, what the environment acted on, and a
/// begin held back for required failures.
final class GestureRecognizerStateMachineTests: XCTestCase {
    func testARequestReadsAtOnceAndIsAppliedLater() {
        var machine = GestureRecognizerStateMachine.settled(.possible)
        machine.request(.began)
        XCTAssertEqual(machine.state, .began)
        XCTAssertEqual(machine.applied, .possible)
        XCTAssertTrue(machine.isAskingToLeavePossible)
        machine.apply(.began, keepsRequest: false)
        XCTAssertEqual(machine, .settled(.began))
    }

    func testApplyingKeepsWhatTheSubclassSetSince() {
        var machine = GestureRecognizerStateMachine.settled(.began)
        machine.request(.changed)
        machine.request(.ended)
        machine.apply(.changed, keepsRequest: true)
        XCTAssertEqual(machine, .changing(applied: .changed, requested: .ended))
        XCTAssertEqual(machine.state, .ended)
    }

    func testWaitingForFailuresReadsPossibleUntilResolved() {
        var machine = GestureRecognizerStateMachine.settled(.possible)
        machine.request(.recognized)
        machine.waitForFailures(wanting: .recognized)
        XCTAssertEqual(machine.state, .possible)
        XCTAssertEqual(machine.applied, .possible)
        XCTAssertEqual(machine.wanted, .recognized)
        XCTAssertFalse(machine.isAskingToLeavePossible)
        machine.request(.failed)
        XCTAssertEqual(machine.state, .failed)
        XCTAssertEqual(machine.wanted, .recognized)
        machine.stopWaiting()
        XCTAssertEqual(machine, .changing(applied: .possible, requested: .failed))
        machine.fail()
        XCTAssertEqual(machine, .settled(.failed))
        machine.reset()
        XCTAssertEqual(machine, .settled(.possible))
    }
}
