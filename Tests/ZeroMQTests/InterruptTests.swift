import Foundation
import Synchronization
import XCTest
import ZeroMQ
#if canImport(Glibc)
    import Glibc
#endif

/// Signals delivered to the test thread (a C signal handler cannot capture context; a lock-free atomic
/// is safe to touch from it).
private let interruptsDelivered = Atomic<Int>(0)

final class InterruptTests: XCTestCase {
    func testABlockingReceiveInterruptedByASignalIsRetried() throws {
        let fixture = try ZMQFixture()
        let pull = try fixture.socket(.pull)
        try pull.setReceiveTimeout(2000)
        try pull.bind("inproc://interrupted")

        interruptsDelivered.store(0, ordering: .relaxed)
        // poll(2) inside libzmq fails with EINTR whenever a handler runs, SA_RESTART or not.
        let previous = signal(SIGUSR1) { _ in interruptsDelivered.add(1, ordering: .relaxed) }
        defer { signal(SIGUSR1, previous) }

        let receiver = pthread_self()
        let context = fixture.context
        let sender = Thread {
            // Waiting is the point here: the signal must land while the receive is blocked.
            usleep(30_000)
            pthread_kill(receiver, SIGUSR1)
            usleep(30_000)
            guard let push = try? context.socket(.push) else { return }
            try? push.setLinger(0)
            try? push.connect("inproc://interrupted")
            _ = try? push.send([0x2A])
            push.close()
        }
        sender.start()

        let message = ZMQMessage()
        XCTAssertTrue(try pull.receive(into: message), "EINTR must not surface as an error or a timeout")
        XCTAssertEqual(message.bytes, [0x2A])
        XCTAssertEqual(interruptsDelivered.load(ordering: .relaxed), 1)
    }
}
