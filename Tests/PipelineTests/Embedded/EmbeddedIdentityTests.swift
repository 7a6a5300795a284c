import AppChannel
import ControlProtocol
import Foundation
import SpringBoardCore
import SpringBoardTesting
import XCTest

/// Who may speak for an app, on the embedded springboard: the connection that registered a bundle id owns
/// it; a second live connection, a connection that registered another id, and a registration without its
/// launch secret are refused, each with its error and its count.
final class EmbeddedIdentityTests: XCTestCase {
    private let maps = "com.example.maps"

    func testTheRegisteringConnectionOwnsTheBundleIDAndOthersAreRefused() throws {
        let sb = try EmbeddedSpringBoard()
        let owner = try sb.connectApp(maps)
        sb.runUntilIdle()
        XCTAssertEqual(try owner.receive(), [.hello])
        try owner.register()
        sb.runUntilIdle()
        XCTAssertEqual(
            try owner.receive(),
            [
                .registered(
                    RegisteredMessage(
                        session: 1, ackTimeoutMilliseconds: 5000, heartbeatIntervalMilliseconds: 0, visibility: .background))
            ])

        // A second connection claiming the live app: the owner is probed (its connection still routes), and the
        // claim is refused, never a takeover.
        let impostor = try sb.connectApp(maps)
        sb.runUntilIdle()
        XCTAssertEqual(try impostor.receive(), [.hello])
        try impostor.register(pid: 666)
        sb.runUntilIdle()
        XCTAssertEqual(
            try impostor.receive(),
            [.error(ChannelErrorMessage(code: .bundleIDInUse, text: "\(maps) is registered by another live connection"))])
        XCTAssertEqual(try owner.receive(), [.ping(PingMessage(nonce: 1))])
        XCTAssertEqual(sb.request(.apps).apps?.map(\.pid), [4242], "the owner's registration stands")

        // Nothing but a registration is taken from a connection without one.
        try impostor.heartbeat()
        sb.runUntilIdle()
        XCTAssertEqual(
            try impostor.receive(),
            [.error(ChannelErrorMessage(code: .notRegistered, text: "heartbeat from a connection that registered no app"))])

        // The owner cannot register another bundle id on its connection; registering its own again is a new
        // session.
        try owner.send(
            RegisterMessage(bundleID: "com.example.mail", displayName: "Mail", pid: 4242, heartbeatIntervalMilliseconds: 0)
                .encoded())
        sb.runUntilIdle()
        XCTAssertEqual(
            try owner.receive(),
            [
                .error(
                    ChannelErrorMessage(code: .bundleIDMismatch, text: "this connection registered \(maps), not com.example.mail")
                )
            ])
        try owner.register()
        sb.runUntilIdle()
        guard case .registered(let again) = try owner.receive().first else { return XCTFail("not registered again") }
        XCTAssertEqual(again.session, 2)

        let stats = try sb.stats()
        XCTAssertEqual(stats.hops["registrations"], 2)
        XCTAssertEqual(stats.hops["registrationsRefused"], 2, "one charged to the live owner, one to no app")
        XCTAssertEqual(stats.apps.map(\.registrationsRefused), [1])
        XCTAssertEqual(stats.hops["unregisteredMessages"], 1)
        XCTAssertEqual(stats.hops["channelProbes"], 2)
        assertEveryCountAddsUp(stats)
    }

    func testAListedBundleIDMustPresentItsLaunchSecret() throws {
        let secret = [UInt8](repeating: 0xA5, count: RegisterMessage.secretSize)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("secrets-\(UUID().uuidString)")
        try "# launched by the test\n\(maps) \(secret.map { String(format: "%02x", $0) }.joined())\n"
            .write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let secrets = try LaunchSecrets(contentsOf: file.path)
        let sb = try EmbeddedSpringBoard { $0.launchSecrets = secrets }
        let app = try sb.connectApp(maps)
        sb.runUntilIdle()
        _ = try app.receive()
        let refusal = AppChannelMessage.error(
            ChannelErrorMessage(code: .launchSecretMismatch, text: "\(maps) must present the secret its launcher handed it"))

        try app.register()
        sb.runUntilIdle()
        XCTAssertEqual(try app.receive(), [refusal], "no secret")
        try app.register(secret: [UInt8](repeating: 0x5A, count: RegisterMessage.secretSize))
        sb.runUntilIdle()
        XCTAssertEqual(try app.receive(), [refusal], "another secret")
        try app.register(secret: secret)
        sb.runUntilIdle()
        guard case .registered(let registered) = try app.receive().first else { return XCTFail("not registered") }
        XCTAssertEqual(registered.session, 1)

        // A bundle id the file does not list registers without one.
        _ = try sb.registeredApp("com.example.mail")
        let stats = try sb.stats()
        XCTAssertEqual(stats.hops["registrationsRefused"], 2)
        XCTAssertEqual(stats.hops["registrations"], 2)
        XCTAssertEqual(stats.apps.map(\.registrationsRefused), [0, 0], "refusals of a claim no live app owns: no app's")
    }

    /// Issue 24, defect 5: an impostor claiming a live app that must present a launch secret is refused by the
    /// secret check, before it ever meets the owner check; each such claim is still the live app's own
    /// `registrationsRefused` (control.md: the claims other connections made on it while it was live). Once
    /// the app is gone a refused claim is no app's.
    func testARefusedClaimOnALiveLaunchedAppIsCountedOnThatAppsRow() throws {
        let secret = [UInt8](repeating: 0xA5, count: RegisterMessage.secretSize)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("secrets-\(UUID().uuidString)")
        try "\(maps) \(secret.map { String(format: "%02x", $0) }.joined())\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let secrets = try LaunchSecrets(contentsOf: file.path)
        let sb = try EmbeddedSpringBoard { $0.launchSecrets = secrets }
        let owner = try sb.connectApp(maps)
        sb.runUntilIdle()
        _ = try owner.receive()
        try owner.register(secret: secret)
        sb.runUntilIdle()
        guard case .registered = try owner.receive().first else { return XCTFail("the owner did not register") }
        _ = try sb.registeredApp("com.example.mail")

        let impostor = try sb.connectApp(maps)
        sb.runUntilIdle()
        _ = try impostor.receive()
        let refusal = AppChannelMessage.error(
            ChannelErrorMessage(code: .launchSecretMismatch, text: "\(maps) must present the secret its launcher handed it"))
        for claim in 1...3 {
            try impostor.register(pid: 666, secret: claim == 2 ? [UInt8](repeating: 1, count: RegisterMessage.secretSize) : nil)
            sb.runUntilIdle()
            XCTAssertEqual(try impostor.receive(), [refusal], "claim \(claim)")
        }
        var stats = try sb.stats()
        XCTAssertEqual(stats.hops["registrationsRefused"], 3)
        XCTAssertEqual(stats.apps.map(\.bundleID), [maps, "com.example.mail"])
        XCTAssertEqual(stats.apps.map(\.registrationsRefused), [3, 0], "every claim on the live Maps is Maps' own")

        // The owner leaves: a claim on a dead app is no app's.
        try owner.goodbye()
        sb.runUntilIdle()
        try impostor.register(pid: 666)
        sb.runUntilIdle()
        XCTAssertEqual(try impostor.receive(), [refusal])
        stats = try sb.stats()
        XCTAssertEqual(stats.hops["registrationsRefused"], 4)
        XCTAssertEqual(stats.apps.map(\.registrationsRefused), [3, 0])
        assertEveryCountAddsUp(stats)
    }

    func testEveryAppMessageIsValidatedOnceAndAnswered() throws {
        let sb = try EmbeddedSpringBoard()
        let app = try sb.registeredApp(maps)

        try app.send([1, 2, 3])
        try app.send(StateMessage(visibility: .foreground).encoded())
        var acks: [UInt8] = []
        AcksMessage.begin(&acks, firstSequence: 5)
        AcksMessage.append(AcksMessage.Entry(appReceived: 0, dispatchStarted: 0, dispatchFinished: 0), to: &acks)
        try app.send(acks)
        var badMagic = acks
        badMagic[0] ^= 0xFF
        try app.send(badMagic)
        sb.runUntilIdle()
        let replies = try app.receive()
        XCTAssertEqual(replies.count, 4, "\(replies)")
        let errors = replies.compactMap { reply -> ChannelErrorMessage? in
            if case .error(let error) = reply { return error }
            return nil
        }
        XCTAssertEqual(errors.map(\.code), [.malformed, .malformed, .unexpectedAck, .malformed])
        XCTAssertTrue(errors[1].text.hasSuffix("is a SpringBoard -> app message"), errors[1].text)
        XCTAssertEqual(errors[2].text, "ack for delivery sequences 5...5, not waiting")
        let stats = try sb.stats()
        XCTAssertEqual(stats.hops["ackMessages"], 1, "the well-formed acks message, settling nothing")
        XCTAssertEqual(stats.hops["acks"], 0)
    }
}
