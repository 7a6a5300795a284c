import AppChannel
import ControlProtocol
import Foundation
import XCTest
import ZeroMQ
#if canImport(Glibc)
    import Glibc
#endif

/// Who may speak for an app (issue 12, finding 2): the connection that registered it. Another connection
/// naming a live bundle id is refused and counted, only the owner can say goodbye, and the real app keeps
/// getting its events. Process tests: the peer's pid (SO_PEERCRED) and a closed connection (the socket
/// monitor) exist only over ipc, and the others run real app-hosts; the rules alone are EmbeddedIdentityTests'.
final class IdentityTests: PipelineTestCase {
    private let maps = PipelineFixture.maps
    private let settings = PipelineFixture.settings

    /// A hand-made app-channel peer: a DEALER with any routing identity it likes.
    private final class Impostor {
        let context: ZMQContext
        let socket: ZMQSocket

        init(endpoint: String, routingID: String? = nil, context: ZMQContext? = nil, probe: Bool = false) throws {
            self.context = try context ?? ZMQContext(ioThreads: 1)
            socket = try self.context.socket(.dealer)
            try socket.setLinger(0)
            try socket.setReceiveTimeout(2000)
            if let routingID { try socket.setRoutingID(Array(routingID.utf8)) }
            try socket.setProbeRouter(probe)
            try socket.connect(endpoint)
        }

        deinit { socket.close() }

        /// Sends `message` and returns springboard's answer (skipping `hello` and pings).
        func send(_ message: [UInt8]) throws -> AppChannelMessage? {
            XCTAssertTrue(try socket.send(message))
            while let reply = try socket.receiveMultipart(dontWait: false) {
                let decoded = try AppChannelMessage.decode(reply[0])
                switch decoded {
                case .hello, .ping: continue
                default: return decoded
                }
            }
            return nil
        }
    }

    func testASecondConnectionCannotTakeALiveAppsBundleIDNorSayItsGoodbye() throws {
        try fixture.startSpringBoard()
        let real = try fixture.startApp("settings", bundleID: settings)
        XCTAssertEqual(try fixture.request(.foreground(bundleID: settings)).ok, true)
        let session = try XCTUnwrap(fixture.appInfo(settings)?.session)

        // The attack: routing id = the bundle id, any pid, any display name.
        let impostor = try Impostor(endpoint: fixture.endpoints.apps, routingID: settings)
        let register = RegisterMessage(bundleID: settings, displayName: "Evil", pid: 4242, heartbeatIntervalMilliseconds: 100)
        guard case .error(let refused) = try impostor.send(register.encoded()) else { return XCTFail("no refusal") }
        XCTAssertEqual(refused.code, .bundleIDInUse)
        XCTAssertEqual(refused.text, "\(settings) is registered by another live connection")
        guard case .error(let goodbye) = try impostor.send(AppChannelMessage.goodbye.encoded()) else {
            return XCTFail("goodbye not refused")
        }
        XCTAssertEqual(goodbye.code, .notRegistered)

        let info = try XCTUnwrap(fixture.appInfo(settings))
        XCTAssertEqual([info.pid, UInt32(info.session)], [UInt32(real.pid), UInt32(session)])
        XCTAssertEqual([info.displayName, info.state], ["Settings", "foreground"])

        // The real Settings gets every frame.
        let source = try TestTouchSource(fixture: fixture)
        for _ in 0..<2 { try source.tap(200, 125) }
        try source.flush()
        eventually("Settings to acknowledge 4 events") { (try? fixture.appStats(settings))?.acked == 4 }
        let stats = try fixture.stats()
        XCTAssertEqual(stats.hops["registrationsRefused"], 1)
        XCTAssertEqual(stats.hops["unregisteredMessages"], 1)
        XCTAssertEqual(stats.hops["registrations"], 1)
        let app = try XCTUnwrap(stats.apps.first { $0.bundleID == settings })
        XCTAssertEqual([app.routed, app.samplesSent, app.acked, app.registrationsRefused], [4, 4, 4, 1])
        XCTAssertEqual(stats.drops, [:])
        assertEveryCountAddsUp(stats)
        XCTAssertEqual(TraceLines.touchLines(fixture.trace(settings)).filter { $0.contains("WiFiRow") }.count, 4)
    }

    func testARegistrationCannotClaimAnotherProcesssPid() throws {
        try fixture.startSpringBoard()
        let peer = try Impostor(endpoint: fixture.endpoints.apps)
        let lying = RegisterMessage(bundleID: "com.example.liar", displayName: "Liar", pid: 1, heartbeatIntervalMilliseconds: 100)
        guard case .error(let refused) = try peer.send(lying.encoded()) else { return XCTFail("no refusal") }
        XCTAssertEqual(refused.code, .pidMismatch)
        XCTAssertEqual(refused.text, "register claims pid 1; the connection's peer is pid \(getpid())")
        XCTAssertEqual(try fixture.request(.apps).apps?.count, 0)
        let honest = RegisterMessage(
            bundleID: "com.example.liar", displayName: "Liar", pid: UInt32(getpid()), heartbeatIntervalMilliseconds: 100)
        guard case .registered = try peer.send(honest.encoded()) else { return XCTFail("not registered") }
        XCTAssertEqual(try fixture.stats().hops["registrationsRefused"], 1)
    }

    func testASecondAppHostForALiveBundleIDIsRefusedAndItsExitLeavesTheRealAppAlone() throws {
        try fixture.startSpringBoard()
        let real = try fixture.startApp("maps", bundleID: maps)
        let second = try fixture.launch(
            "app-host", [PipelineFixture.scene("maps")] + fixture.runtimeArguments + ["--heartbeat-ms", "100", "--quiet"])
        eventually("the second Maps to be refused") { second.stderr.contains("bundleIDInUse") }
        second.signal(SIGTERM)
        XCTAssertEqual(second.wait(timeout: 5), 0)
        XCTAssertEqual(fixture.appInfo(maps)?.pid, UInt32(real.pid))
        XCTAssertEqual(fixture.appInfo(maps)?.state, "background", "its goodbye was not the real app's")
        XCTAssertGreaterThan(try fixture.stats().hops["registrationsRefused"] ?? 0, 0)
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
        let source = try TestTouchSource(fixture: fixture)
        try source.tap(200, 125)
        try source.flush()
        fixture.waitForTrace(maps, "-[SearchBarView touchesEnded:withEvent:]")
    }

    func testConnectionsThatNeverRegisterLeaveNothingAndTheRegistryIsBounded() throws {
        try fixture.startSpringBoard()
        let context = try ZMQContext(ioThreads: 1)
        // 100 connections that open (probe) and never register: springboard answers hello and keeps nothing.
        let probes = try (0..<100).map { _ in try Impostor(endpoint: fixture.endpoints.apps, context: context, probe: true) }
        eventually("100 probes") { (try? fixture.stats())?.hops["channelProbes"] == 100 }
        XCTAssertEqual(try fixture.request(.apps).apps?.count, 0)

        // 66 apps register: 64 records fit (three home-screen pages of 24), the last two are refused.
        var peers: [Impostor] = []
        var refusals: [String] = []
        for i in 0..<66 {
            let peer = try Impostor(endpoint: fixture.endpoints.apps, context: context)
            let register = RegisterMessage(
                bundleID: "com.example.fake\(i)", displayName: "Fake \(i)", pid: UInt32(getpid()),
                heartbeatIntervalMilliseconds: 60_000)
            switch try peer.send(register.encoded()) {
            case .registered: break
            case .error(let error): refusals.append("\(i): \(error.code): \(error.text)")
            default: XCTFail("no answer for app \(i)")
            }
            peers.append(peer)
        }
        XCTAssertEqual(
            refusals,
            [
                "64: registryFull: springboard keeps at most 64 apps, all live",
                "65: registryFull: springboard keeps at most 64 apps, all live",
            ])
        let status = try XCTUnwrap(fixture.request(.status).status)
        XCTAssertEqual([status.registeredApps, status.homePageCount], [64, 3])

        // One app dies: its record is forgotten to make room, and the refused app gets in.
        peers[0].socket.close()
        eventually("the closed app to be dead") { fixture.appInfo("com.example.fake0")?.state == "dead" }
        let retry = RegisterMessage(
            bundleID: "com.example.fake64", displayName: "Fake 64", pid: UInt32(getpid()), heartbeatIntervalMilliseconds: 60_000)
        guard case .registered = try peers[64].send(retry.encoded()) else { return XCTFail("not registered after room was made") }
        let apps = try XCTUnwrap(fixture.request(.apps).apps)
        XCTAssertEqual(apps.count, 65, "64 records, then the row of the forgotten one's counts")
        XCTAssertEqual(apps.last?.bundleID, "(evicted 1 app)")
        XCTAssertNil(apps.first { $0.bundleID == "com.example.fake0" })
        let stats = try fixture.stats()
        XCTAssertEqual(stats.hops["registrations"], 65)
        XCTAssertEqual(stats.hops["registrationsRefused"], 2)
        XCTAssertEqual(stats.hops["channelProbes"], 100)
        withExtendedLifetime(probes) {}
    }

    /// The per-launch secret handed over by a launcher other than springboard (`--launch-secrets`): while Maps
    /// is dead, only a process launched with its secret can register as Maps.
    func testOnlyTheProcessLaunchedWithTheSecretCanRegisterTheBundleID() throws {
        let secret = String(repeating: "5a", count: 32)
        let secrets = fixture.directory.appendingPathComponent("launch-secrets")
        try "# bundle id, secret\n\(maps) \(secret)\n".write(to: secrets, atomically: true, encoding: .utf8)
        try fixture.startSpringBoard(extra: ["--launch-secrets", secrets.path])
        let appArguments = [PipelineFixture.scene("maps")] + fixture.runtimeArguments + ["--heartbeat-ms", "100", "--quiet"]
        let launched = try fixture.launch("app-host", appArguments, environment: [LaunchSecret.environmentVariable: secret])
        eventually("the launched Maps to register") { fixture.appInfo(maps)?.pid == UInt32(launched.pid) }
        launched.signal(SIGKILL)
        XCTAssertNotNil(launched.wait(timeout: 2))
        eventually("Maps to be dead") { fixture.appInfo(maps)?.state == "dead" }

        // Without the secret, or with another one: refused, and the record stays dead.
        let noSecret = try fixture.launch("app-host", appArguments)
        let wrong = try fixture.launch(
            "app-host", appArguments, environment: [LaunchSecret.environmentVariable: String(repeating: "00", count: 32)])
        eventually("both to be refused") {
            noSecret.stderr.contains("launchSecretMismatch") && wrong.stderr.contains("launchSecretMismatch")
        }
        XCTAssertEqual(fixture.appInfo(maps)?.state, "dead")
        XCTAssertGreaterThanOrEqual(try fixture.stats().hops["registrationsRefused"] ?? 0, 2)
        noSecret.signal(SIGKILL)
        wrong.signal(SIGKILL)

        let relaunched = try fixture.launch("app-host", appArguments, environment: [LaunchSecret.environmentVariable: secret])
        eventually("the relaunched Maps to register") {
            fixture.appInfo(maps).map { $0.pid == UInt32(relaunched.pid) && $0.state == "background" } ?? false
        }
        XCTAssertEqual(try fixture.stats().hops["registrations"], 2)
    }
}
