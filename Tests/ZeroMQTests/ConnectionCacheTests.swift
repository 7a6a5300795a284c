import XCTest
import ZeroMQ

/// `ConnectionCache` (issue 27: springboard asked `ZMQ_SRCFD` for every frame) answers exactly what `ZMQ_SRCFD`
/// answers.
final class ConnectionCacheTests: XCTestCase {
    /// Messages interleaved from two connections, then one closes and a new one comes (the kernel may give it the
    /// closed one's fd number): message by message, the cache says what libzmq says.
    func testTheCacheAnswersWhatSourceFileDescriptorAnswers() throws {
        for transport in ["ipc", "tcp"] {
            let fixture = try ZMQFixture()
            let pull = try fixture.socket(.pull)
            try pull.bind(fixture.bindEndpoint(transport, name: "cache"))
            let endpoint = try pull.lastEndpoint
            var pushes = try (0..<2).map { _ -> ZMQSocket in
                let push = try fixture.socket(.push)
                try push.connect(endpoint)
                return push
            }
            let cache = ConnectionCache()
            let message = ZMQMessage()
            func sendAndCheck(rounds: Int) throws -> Set<Int32> {
                for round in 0..<rounds {
                    for push in pushes { XCTAssertTrue(try push.send([UInt8](repeating: UInt8(round), count: 100))) }
                }
                var seen = Set<Int32>()
                for _ in 0..<(rounds * pushes.count) {
                    XCTAssertTrue(try pull.receive(into: message), transport)
                    let expected = message.sourceFileDescriptor ?? -1
                    XCTAssertGreaterThanOrEqual(expected, 0, transport)
                    XCTAssertNotNil(message.connectionMetadata, transport)
                    XCTAssertEqual(cache.connection(of: message), expected, transport)
                    seen.insert(expected)
                }
                return seen
            }
            XCTAssertEqual(try sendAndCheck(rounds: 50).count, 2, "\(transport): two connections told apart")
            pushes[0].close()
            usleep(50_000)  // the close reaches the PULL side
            let third = try fixture.socket(.push)
            try third.connect(endpoint)
            pushes[0] = third
            XCTAssertEqual(try sendAndCheck(rounds: 50).count, 2, "\(transport): the new connection and the old one")
            cache.forget()
            XCTAssertEqual(try sendAndCheck(rounds: 3).count, 2, "\(transport): asked again after forget()")
        }
    }

    /// inproc messages carry no connection metadata and no `ZMQ_SRCFD`: -1.
    func testInprocMessagesHaveNoConnection() throws {
        let fixture = try ZMQFixture()
        let (push, pull) = try fixture.pushPull(over: "inproc")
        let cache = ConnectionCache()
        let message = ZMQMessage()
        for _ in 0..<3 {
            XCTAssertTrue(try push.send([UInt8](repeating: 7, count: 100)))
            XCTAssertTrue(try pull.receive(into: message))
            XCTAssertNil(message.sourceFileDescriptor)
            XCTAssertEqual(cache.connection(of: message), -1)
        }
    }
}
