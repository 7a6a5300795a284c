import Foundation
import XCTest

/// Polls `condition` every 5 ms until it holds or `timeout` passes (things that must arrive over a socket).
@discardableResult
func eventually(
    _ what: @autoclosure () -> String, timeout: TimeInterval = 2, file: StaticString = #filePath, line: UInt = #line,
    _ condition: () throws -> Bool
) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return true }
        usleep(5_000)
    }
    if try condition() { return true }
    XCTFail("timed out after \(timeout) s waiting for \(what())", file: file, line: line)
    return false
}
