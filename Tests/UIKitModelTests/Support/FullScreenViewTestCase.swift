import XCTest
@testable import UIKitModel

/// A test class whose tests each start with a fresh `TouchDriver` and one plain view filling its window (the
/// recognizers' view), and an empty `log` for the callbacks the tests record.
class FullScreenViewTestCase: XCTestCase {
    var driver: TouchDriver!
    var view: UIView!
    var log: [String] = []

    override func setUp() {
        driver = TouchDriver()
        view = driver.addFullScreenView()
        log = []
    }
}
