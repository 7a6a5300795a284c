import Foundation
import Hummingbird
import HummingbirdWebSocket
import Synchronization

/// Where the explorer listens and who may talk to it. Loopback by default; any other address must be asked for
/// (`allowRemote`) and then every request must carry a random token in its URL (`?token=...`).
public struct ExplorerServerConfiguration: Sendable {
    public var host: String
    /// 0: any free port (the URL printed names it).
    public var port: Int
    /// Required on the page, the WebSocket and /stats when set; made for any non-loopback host.
    public let token: String?

    /// - Throws: `ExplorerConfigurationError` for a non-loopback host without `allowRemote`.
    public init(host: String = "127.0.0.1", port: Int = 8765, allowRemote: Bool = false) throws {
        guard (0...65535).contains(port) else { throw ExplorerConfigurationError("port \(port) is not 0...65535") }
        self.host = host
        self.port = port
        if Self.isLoopback(host) {
            token = nil
        } else {
            guard allowRemote else {
                throw ExplorerConfigurationError(
                    "\(host) is not a loopback address: the explorer drives an app, so listening beyond this machine "
                        + "needs --token (a random token is then required in the URL)")
            }
            token = Self.randomToken()
        }
    }

    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]"
            || host.hasPrefix("127.")
                && host.split(separator: ".").count == 4 && host.split(separator: ".").allSatisfy { UInt8($0) != nil }
    }

    /// 128 random bits, hex.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%08x", UInt32.random(in: .min ... .max, using: &generator)) }.joined()
    }
}

public struct ExplorerConfigurationError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// What the server refused, by reason, and what it acted on: served at `/stats`, and sent with each refusal.
public final class ExplorerCounters: Sendable {
    private let state = Mutex<(messages: Int, refused: [ExplorerRefusal.Code: Int])>((0, [:]))

    public init() {}

    func acted() { state.withLock { $0.messages += 1 } }

    func refused(_ code: ExplorerRefusal.Code) { state.withLock { $0.refused[code, default: 0] += 1 } }

    /// `messages` and one entry per refusal code (0 when none).
    public var snapshot: [String: Int] {
        state.withLock { state in
            var out = ["messages": state.messages]
            for code in ExplorerRefusal.Code.allCases { out["refused." + code.rawValue] = state.refused[code] ?? 0 }
            return out
        }
    }
}

/// The target behind a lock: the UIKit model and the sockets of a live explorer are used by one caller at a
/// time, whichever thread the server runs a connection on.
public final class ExplorerEngine: @unchecked Sendable {
    private let lock = NSLock()
    private let target: ExplorerTarget
    public let counters = ExplorerCounters()

    public init(target: ExplorerTarget) {
        self.target = target
    }

    /// Unasked messages (`ExplorerTarget.updates`), numbered from 0 in the order made; the last
    /// `updateLogLimit` are kept for connections that have not sent them yet.
    private var updateLog: [String] = []
    private var updateCount = 0
    static let updateLogLimit = 512

    public func hello() -> String { lock.withLock { target.hello().json } }

    /// The greeting, and the number of the next update: a connection sends the updates from there on.
    func greeting() -> (hello: String, next: Int) { lock.withLock { (target.hello().json, updateCount) } }

    /// The updates numbered `next` and later that are still kept, and the number after them.
    func updates(from next: Int) -> (messages: [String], next: Int) {
        lock.withLock {
            let first = updateCount - updateLog.count
            let start = max(next, first)
            guard start < updateCount else { return ([], updateCount) }
            return (Array(updateLog[(start - first)...]), updateCount)
        }
    }

    /// One text message of the page in, the reply out: steps, or a refusal with its reason and the counts.
    public func handle(_ text: String) -> String {
        lock.withLock {
            do throws(ExplorerRefusal) {
                let input = try ExplorerInput.decode(text, screen: target.screenSize)
                let reply = try target.handle(input)
                counters.acted()
                return reply.json
            } catch {
                return refusal(error)
            }
        }
    }

    /// A refusal as the page shows it: the reason, and every count so far.
    public func refusal(_ refusal: ExplorerRefusal) -> String {
        counters.refused(refusal.code)
        var message = ExplorerMessage(type: "refused")
        message.code = refusal.code.rawValue
        message.refusal = refusal.reason
        message.counts = counters.snapshot
        return message.json
    }

    func tick() {
        lock.withLock {
            target.tick()
            for message in target.updates() {
                updateLog.append(message.json)
                updateCount += 1
            }
            if updateLog.count > Self.updateLogLimit { updateLog.removeFirst(updateLog.count - Self.updateLogLimit) }
        }
    }
    func close() { lock.withLock { target.close() } }
}

/// The explorer's web server (Hummingbird 2): `GET /` the page, `GET /stats` the counters, `/ws` the WebSocket
/// the page talks to.
public struct ExplorerServer: Sendable {
    public let configuration: ExplorerServerConfiguration
    public let engine: ExplorerEngine
    /// The largest WebSocket message the connection reads at all; over `ExplorerInput.maxMessageBytes` and up to
    /// this, a message is refused and counted and the connection stays; beyond it the connection is closed
    /// (close code 1009, counted).
    public static let hardMessageLimit = 1 << 20

    public init(configuration: ExplorerServerConfiguration, engine: ExplorerEngine) {
        self.configuration = configuration
        self.engine = engine
    }

    /// Serves until the process is interrupted (SIGINT, SIGTERM). `onRunning` gets the page's URL.
    public func run(onRunning: @escaping @Sendable (String) -> Void) async throws {
        let boundPort = Mutex<Int>(configuration.port)
        let configuration = self.configuration
        let engine = self.engine
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.get("/") { request, _ -> Response in
            guard Self.tokenMatches(request, configuration) else {
                engine.counters.refused(.token)
                return Response(status: .forbidden, body: .init(byteBuffer: ByteBuffer(string: "token required\n")))
            }
            return Response(
                status: .ok,
                headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(string: try ExplorerPage.html(staticData: nil))))
        }
        router.get("/stats") { request, _ -> Response in
            guard Self.tokenMatches(request, configuration) else {
                engine.counters.refused(.token)
                return Response(status: .forbidden)
            }
            let data = try JSONSerialization.data(withJSONObject: engine.counters.snapshot, options: [.sortedKeys])
            return Response(
                status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        router.ws(
            "/ws",
            shouldUpgrade: { request, _ in
                guard Self.tokenMatches(request, configuration) else {
                    engine.counters.refused(.token)
                    return .dontUpgrade
                }
                let port = boundPort.withLock { $0 }
                guard Self.originAllowed(request.headers[.origin], host: configuration.host, port: port) else {
                    engine.counters.refused(.origin)
                    return .dontUpgrade
                }
                return .upgrade([:])
            },
            onUpgrade: { inbound, outbound, _ in
                let (greeting, first) = engine.greeting()
                try await outbound.write(.text(greeting))
                try await withThrowingTaskGroup(of: Void.self) { group in
                    // What the target says unasked (a live explorer's new foreground, the app's trace as it
                    // arrives), sent to this page in order; the writer's frames are serialized by its handler.
                    group.addTask {
                        var next = first
                        while !Task.isCancelled {
                            try await Task.sleep(for: .milliseconds(50))
                            let (messages, after) = engine.updates(from: next)
                            next = after
                            for message in messages { try await outbound.write(.text(message)) }
                        }
                    }
                    group.addTask {
                        do {
                            for try await message in inbound.messages(maxSize: Self.hardMessageLimit) {
                                switch message {
                                case .text(let text):
                                    try await outbound.write(.text(engine.handle(text)))
                                case .binary(let buffer):
                                    let refusal = ExplorerRefusal(
                                        .malformed,
                                        "a binary message of \(buffer.readableBytes) bytes; the explorer reads JSON text")
                                    try await outbound.write(.text(engine.refusal(refusal)))
                                }
                            }
                        } catch {
                            // Over the hard limit the WebSocket layer closes the connection (1009): counted here.
                            if !(error is CancellationError) { engine.counters.refused(.tooLarge) }
                            throw error
                        }
                    }
                    // The page went (or the connection failed): the writer goes too.
                    defer { group.cancelAll() }
                    try await group.next()
                }
            })
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade(
                webSocketRouter: router,
                configuration: .init(
                    http1: .init(), ws: .init(maxFrameSize: Self.hardMessageLimit, autoPing: .disabled))),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "explorer"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                boundPort.withLock { $0 = port }
                onRunning(Self.url(host: configuration.host, port: port, token: configuration.token))
            })
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService() }
            group.addTask {
                while !Task.isCancelled {
                    try await Task.sleep(for: .milliseconds(100))
                    engine.tick()
                }
            }
            defer { engine.close() }
            // The server ends on a signal; the ticker then goes too.
            try await group.next()
            group.cancelAll()
        }
    }

    public static func url(host: String, port: Int, token: String?) -> String {
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "http://\(shown):\(port)/" + (token.map { "?token=\($0)" } ?? "")
    }

    static func tokenMatches(_ request: Request, _ configuration: ExplorerServerConfiguration) -> Bool {
        guard let token = configuration.token else { return true }
        return request.uri.queryParameters.get("token") == token
    }

    /// The page's own origin only: the address the server listens on (and, on loopback, its other loopback
    /// names), with the bound port. A page of any other site that opens a WebSocket here is refused.
    static func originAllowed(_ origin: String?, host: String, port: Int) -> Bool {
        guard let origin else { return false }
        var hosts = [host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host]
        if ExplorerServerConfiguration.isLoopback(host) { hosts += ["127.0.0.1", "localhost", "[::1]"] }
        return hosts.contains { origin == "http://\($0):\(port)" }
    }
}
