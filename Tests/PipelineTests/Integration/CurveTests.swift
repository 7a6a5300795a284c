import ControlProtocol
import Foundation
import XCTest
import ZeroMQ
#if canImport(Glibc)
    import Glibc
#endif

/// springboard on tcp with CURVE and its ZAP handler (issue 12, finding 11): only listed keys connect, an app's
/// key is bound to its bundle id, and a second springboard cannot bind the same endpoints.
final class CurveTests: PipelineTestCase {
    private let maps = PipelineFixture.maps
    private var endpoints: [String] = []
    private var springboard: ChildProcess!

    override func setUpWithError() throws {
        try super.setUpWithError()
        // Keys made by the documented command; the authorized-keys file binds each app key to a bundle id.
        for name in ["server", "source", "control", "maps", "settings", "stranger", "loader"] {
            XCTAssertEqual(try fixture.runTool("sbctl", ["keygen", keyBase(name)]).status, 0)
        }
        let lines = [
            "# who may connect", "source \(try publicKey("source"))", "control \(try publicKey("control"))",
            "app \(maps) \(try publicKey("maps"))", "app \(PipelineFixture.settings) \(try publicKey("settings"))",
            "source \(try publicKey("loader"))", "control \(try publicKey("loader"))",
        ]
        try (lines.joined(separator: "\n") + "\n").write(to: authorizedKeys, atomically: true, encoding: .utf8)
        endpoints = try (0..<3).map { _ in "tcp://127.0.0.1:\(try Self.freePort())" }
        springboard = try fixture.launch(
            "springboard",
            fixture.runtimeArguments + [
                "--events", endpoints[0], "--apps", endpoints[1], "--control", endpoints[2], "--curve-key",
                keyBase("server") + ".key", "--authorized-keys", authorizedKeys.path, "--verbose",
            ])
        let started = eventually("springboard on tcp", timeout: 5) { (try? self.request(.status, as: "control"))?.ok == true }
        if !started { print("springboard:", springboard.stdout, springboard.stderr) }
    }

    private func keyBase(_ name: String) -> String { fixture.directory.appendingPathComponent(name).path }
    private var authorizedKeys: URL { fixture.directory.appendingPathComponent("authorized_keys") }
    private func publicKey(_ name: String) throws -> String { try ZMQCurveKeyPair.readKey(keyBase(name) + ".pub") }
    private func curveArguments(_ name: String) -> [String] {
        ["--curve-server-key", keyBase("server") + ".pub", "--curve-key", keyBase(name) + ".key"]
    }

    private func request(_ command: ControlCommand, as name: String, timeout: Int = 1000) throws -> ControlReply {
        let client = try ZMQCurveClient(serverKeyFile: keyBase("server") + ".pub", secretKeyFile: keyBase(name) + ".key")
        return try ControlClient(endpoint: endpoints[2], timeoutMilliseconds: timeout, curve: client).request(command)
    }

    /// A tcp port nothing listens on now (the kernel's pick).
    private static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                guard bind(fd, $0, length) == 0, getsockname(fd, $0, &length) == 0 else { throw NSError(domain: "port", code: 1) }
            }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    private func startApp(_ scene: String, key: String) throws -> ChildProcess {
        try fixture.launch(
            "app-host",
            [PipelineFixture.scene(scene), "--apps", endpoints[1], "--heartbeat-ms", "100", "--quiet", "--verbose"]
                + ["--trace-file", fixture.traceFile(maps).path] + curveArguments(key))
    }

    func testOverTCPOnlyListedKeysConnectAndTrafficFlows() throws {
        // No key, and an unlisted key: no reply (sbctl exits 69). A source key may ask only `source`. The listed
        // control key: answered.
        let control = ["status", "--control", endpoints[2], "--timeout", "300"]
        XCTAssertEqual(try fixture.runTool("sbctl", control).status, 69)
        XCTAssertEqual(try fixture.runTool("sbctl", control + curveArguments("stranger")).status, 69)
        let asSource = try fixture.runTool("sbctl", control + curveArguments("source"))
        XCTAssertEqual(asSource.status, 1)
        XCTAssertEqual(asSource.stderr, "sbctl: notAuthorized: a source key may only ask `source` and `sources`\n")
        let allowed = try fixture.runTool("sbctl", control + curveArguments("control"))
        XCTAssertEqual(allowed.status, 0, allowed.stderr)

        // An app with its key registers; a source with its key is heard and confirmed; the tap arrives.
        let app = try startApp("maps", key: "maps")
        eventually("Maps to register over tcp", timeout: 5) {
            (try? self.request(.apps, as: "control"))?.apps?.first { $0.bundleID == self.maps }?.state == "background"
        }
        XCTAssertEqual(try request(.foreground(bundleID: maps), as: "control").ok, true)
        let tap = try fixture.runTool(
            "hid-source", ["tap", "200", "125", "--events", endpoints[0], "--control", endpoints[2]] + curveArguments("source"))
        XCTAssertEqual(tap.status, 0, tap.stderr)
        fixture.waitForTrace(maps, "-[SearchBarView touchesEnded:withEvent:]")
        XCTAssertEqual(fixture.trace(maps), TraceLines.mapsSearchBarTap)
        // A stranger's frames never reach springboard (its connection is refused before any frame is read); its
        // run is never confirmed (it may still be waiting for the event port to take a frame: SIGTERM ends it).
        let refusedBefore = try XCTUnwrap(request(.stats(), as: "control").stats?.hops["authRefused"])
        let stranger = try fixture.launch(
            "hid-source",
            ["tap", "200", "125", "--events", endpoints[0], "--control", endpoints[2], "--confirm-timeout", "300"]
                + curveArguments("stranger"))
        // 10 s, not the default 2: the stranger is a new process doing a CURVE handshake, and on a loaded 2-core
        // machine (builds beside the suite) its start alone took over 2 s once (a failure seen in issue 27's work).
        eventually("the stranger to be refused", timeout: 10) {
            ((try? self.request(.stats(), as: "control"))?.stats?.hops["authRefused"] ?? 0) > refusedBefore
        }
        stranger.signal(SIGTERM)
        XCTAssertEqual(stranger.wait(timeout: 2), 69)

        eventually("Maps to acknowledge") { (try? self.request(.stats(), as: "control"))?.stats?.apps.first?.acked == 2 }
        let stats = try XCTUnwrap(request(.stats(), as: "control").stats)
        XCTAssertEqual(stats.hops["digitizerFrames"], 2)
        XCTAssertEqual(stats.hops["controlRefused"], 1)
        XCTAssertGreaterThan(stats.hops["authRefused"] ?? 0, 0)
        // Across hosts the monotonic clocks differ: only hops timed on one clock are kept (no sourceToSpringBoard,
        // springBoardToApp, ackBack or endToEnd).
        XCTAssertEqual(Set(stats.latency.keys), ["springBoardQueue", "appQueue", "dispatch", "ack"])
        assertEveryCountAddsUp(stats)
        XCTAssertTrue(app.isRunning)
    }

    /// `hid-source load` over CURVE: its one key, listed both as a source (the event port) and as a control
    /// client (the run's status, overload and stats requests), runs it; without keys springboard never answers.
    func testALoadRunWithAKeyListedAsSourceAndControl() throws {
        let app = try startApp("maps", key: "maps")
        eventually("Maps to register over tcp", timeout: 5) {
            (try? self.request(.apps, as: "control"))?.apps?.first { $0.bundleID == self.maps }?.state == "background"
        }
        let arguments = ["load", "--app", maps, "--count", "200", "--json", "--events", endpoints[0], "--control", endpoints[2]]
        let plain = try fixture.launch("hid-source", arguments)
        XCTAssertEqual(plain.wait(timeout: 30), 69, plain.stderr)
        XCTAssertTrue(plain.stderr.contains("no reply from springboard"), plain.stderr)
        let run = try fixture.launch("hid-source", arguments + curveArguments("loader"))
        XCTAssertEqual(run.wait(timeout: 60), 0, run.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["offered"] as? Int, 200)
        XCTAssertEqual(report["delivered"] as? Int, 200)
        XCTAssertEqual(report["unexplained"] as? Int, 0)
        XCTAssertTrue(app.isRunning)
    }

    func testAnAppKeyRegistersOnlyItsOwnBundleIDAndAnUnlistedKeyNeverConnects() throws {
        let impostor = try startApp("maps", key: "settings")
        eventually("the impostor to be refused", timeout: 5) { impostor.stderr.contains("bundleIDMismatch") }
        XCTAssertTrue(
            impostor.stderr.contains("this connection's key is for \(PipelineFixture.settings), not \(maps)"), impostor.stderr)
        let stranger = try startApp("maps", key: "stranger")
        let real = try startApp("maps", key: "maps")
        eventually("the real Maps to register", timeout: 5) {
            (try? self.request(.apps, as: "control"))?.apps?.first { $0.bundleID == self.maps }?.pid == UInt32(real.pid)
        }
        // The stranger's handshake is refused on springboard's ZAP thread, on its own time: it may come after Maps.
        eventually("the stranger to be refused", timeout: 5) {
            ((try? self.request(.stats(), as: "control"))?.stats?.hops["authRefused"] ?? 0) > 0
        }
        let stats = try XCTUnwrap(request(.stats(), as: "control").stats)
        XCTAssertEqual(stats.hops["registrations"], 1)
        XCTAssertGreaterThan(stats.hops["registrationsRefused"] ?? 0, 0)
        XCTAssertGreaterThan(stats.hops["authRefused"] ?? 0, 0, "the stranger's connection")
        XCTAssertEqual(try request(.apps, as: "control").apps?.count, 1)
        XCTAssertTrue(stranger.isRunning, "it keeps trying, and keeps being refused")
    }

    func testASecondSpringBoardCannotBindTheSameTCPEndpoints() throws {
        let other = fixture.directory.appendingPathComponent("other").path
        XCTAssertEqual(mkdir(other, 0o700), 0)
        let second = try fixture.runTool(
            "springboard", ["--runtime-dir", other, "--events", endpoints[0], "--apps", endpoints[1], "--control", endpoints[2]])
        XCTAssertEqual(second.status, 69)
        XCTAssertTrue(second.stderr.contains("Address already in use"), second.stderr)
        XCTAssertEqual(try request(.status, as: "control").status?.pid, springboard.pid)
    }
}
