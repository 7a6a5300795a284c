import ArgumentParser
import CommandLineSupport
import ControlProtocol
import EventPortSending
import Explorer
import Foundation
import HIDEvent
import RunLoopKit
import ZeroMQ

/// `sbctl explore [--port N] [--host ADDR --token]`: the explorer page for the running ensemble. The browser is
/// a hardware event source: every pointer (the mouse, each finger of a touchscreen) becomes HID frames sent to
/// springboard's event port under the explorer's own sender id, with keep-alives and a final end marker, exactly
/// as hid-source sends (its library, `EventPortSending`). The page draws springboard's foreground (the control
/// socket's `scene`: the home screen's icons, or the app's scene file), follows it when it changes, and shows
/// under each step the app's own trace records, read from its trace file (docs/usage.md, "The explorer").
struct ExploreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Serve the explorer page for the live ensemble: the browser is its touchscreen.",
        discussion:
            "The page shows springboard's foreground (the home screen, or the foreground app's scene) and, for each "
            + "touch, the app's trace from its trace file (<runtime dir>/logs/<bundle id>.trace.jsonl). Listens on "
            + "127.0.0.1 unless --host is given with --token.")

    @OptionGroup var server: ExplorerServerOptions
    @OptionGroup var source: EventSourceOptions

    func run() throws {
        let ensemble = try SpringBoardEnsemble(
            eventEndpoint: source.eventEndpoint, controlEndpoint: source.controlEndpoint, curve: source.curve.client(),
            senderID: source.senderID ?? HIDSourceStream.freshSenderID())
        let session: LiveSession
        do { session = try LiveSession(ensemble: ensemble) } catch {
            printError("sbctl: \(error)")
            throw ExitCode(.unavailable)
        }
        try server.serve(ExplorerEngine(target: session))
    }
}

/// The live ensemble over springboard's sockets: frames through hid-source's stream (`HIDSourceStream`), the
/// foreground through the control socket's `scene`.
final class SpringBoardEnsemble: LiveEnsemble {
    private let context: ZMQContext
    private let stream: HIDSourceStream
    private let controlEndpoint: String
    private let curve: ZMQCurveClient?
    private var client: ControlClient?
    /// A frame springboard does not take within this is refused on the page (springboard gone or stalled).
    static let sendTimeout: UInt64 = 1_000_000_000

    init(eventEndpoint: String, controlEndpoint: String, curve: ZMQCurveClient?, senderID: UInt64) throws {
        context = try ZMQContext(ioThreads: 1)
        stream = try HIDSourceStream(
            context: context, endpoint: eventEndpoint, curve: curve, senderID: senderID, name: "sbctl explore")
        self.controlEndpoint = controlEndpoint
        self.curve = curve
    }

    var senderID: UInt64 { stream.senderID }

    func send(_ payload: HIDPayload) throws -> UInt64 {
        guard try stream.send(payload, deadline: MonotonicClock.now + Self.sendTimeout) else {
            throw EnsembleError(
                "the event port \(stream.port.endpoint) did not take a frame within 1 s (is springboard running?)")
        }
        return stream.sent
    }

    func keepAliveIfDue() { stream.keepAliveIfDue() }

    func finish() {
        _ = try? stream.finish(deadline: MonotonicClock.now + 300_000_000)
        stream.close()
    }

    func foreground() throws -> LiveForeground {
        let client = try self.client ?? ControlClient(endpoint: controlEndpoint, timeoutMilliseconds: 1000, curve: curve)
        let reply: ControlReply
        do { reply = try client.request(.scene) } catch {
            // A REQ socket that missed its reply cannot ask again: the next poll makes a new one.
            self.client = nil
            throw error
        }
        self.client = client
        guard reply.ok, let scene = reply.scene else {
            throw EnsembleError("springboard refused `scene`: \(reply.error.map(\.description) ?? "no scene in the reply")")
        }
        return LiveForeground(
            bundleID: scene.bundleID, displayName: scene.displayName, session: scene.session, scenePath: scene.scene,
            traceFile: scene.traceFile,
            home: scene.home.map { home in
                LiveHomeScreen(
                    width: home.width, height: home.height, page: home.page, pageCount: home.pageCount,
                    icons: home.icons.map {
                        LiveHomeIcon(
                            bundleID: $0.bundleID, displayName: $0.displayName,
                            frame: CGRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height))
                    })
            })
    }
}

struct EnsembleError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
