import SpringBoardCore
import XCTest

/// Which endpoints springboard refuses to bind without CURVE (issue 24, defect 4): tcp beyond loopback.
final class EndpointExposureTests: XCTestCase {
    func testOnlyTCPBeyondLoopbackReachesOtherHosts() {
        let local = [
            "ipc:///tmp/touchpipeline/events", "inproc://springboard.events", "tcp://127.0.0.1:5555", "tcp://127.1.2.3:*",
            "tcp://localhost:5555", "tcp://[::1]:5555", "tcp://lo:5555",
        ]
        let open = [
            "tcp://0.0.0.0:5555", "tcp://*:5555", "tcp://[::]:5555", "tcp://eth0:5555", "tcp://10.77.2.1:7101",
            "tcp://128.0.0.1:5555", "tcp://[::2]:5555", "tcp://example.org:5555", "tcp://:5555",
        ]
        XCTAssertEqual(local.filter(EndpointExposure.isReachableFromOtherHosts), [])
        XCTAssertEqual(open.filter(EndpointExposure.isReachableFromOtherHosts), open)
        XCTAssertNil(EndpointExposure.refusal([("--events", "tcp://127.0.0.1:1"), ("--apps", "ipc:///x")]))
        let refusal = EndpointExposure.refusal([("--events", "tcp://*:1"), ("--apps", "ipc:///x"), ("--control", "tcp://eth0:2")])
        XCTAssertTrue(
            refusal?.hasPrefix("--events tcp://*:1, --control tcp://eth0:2 would listen beyond this host without CURVE:") == true,
            refusal ?? "nil")
    }
}
