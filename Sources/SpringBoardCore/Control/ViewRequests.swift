import AppChannel
import ControlProtocol
import RunLoopKit

/// The control socket's `view` (protocols/control.md): where a view of the foreground app is. springboard does
/// not know the app's views; it asks the app over the app channel (`locate`, protocols/app-channel.md) and
/// answers the control client when the app's `location` comes back, or after `timeout` without one. So the
/// control reply is deferred: the request's envelope waits here, by request number. Few and short-lived (one
/// per `hid-source tap @id`), so a plain dictionary, and a one-shot timer only while one waits.
final class ViewRequests {
    private struct Pending {
        var envelope: [[UInt8]]
        var bundleID: String
        var id: String
        var deadline: UInt64
    }

    /// How long the app has to answer.
    static let timeoutNanoseconds: UInt64 = 2_000_000_000
    /// More than this many unanswered requests: the oldest is answered as timed out to make room.
    private static let limit = 64

    private let registry: AppRegistry
    private let delivery: AppDelivery
    private let clock: RunLoopClock
    /// Sends a deferred reply on the control socket, to the request's envelope.
    private let reply: ([[UInt8]], ControlReply) -> Void
    @exclusivity(unchecked)
    private var pending: [UInt64: Pending] = [:]
    @exclusivity(unchecked)
    private var lastRequest: UInt64 = 0
    @exclusivity(unchecked)
    private var timer: RunLoopTimer?
    /// The loop the timeout timer goes on (set when the control server is installed).
    @exclusivity(unchecked)
    weak var runLoop: EventRunLoop?

    init(
        registry: AppRegistry, delivery: AppDelivery, clock: RunLoopClock,
        reply: @escaping ([[UInt8]], ControlReply) -> Void
    ) {
        self.registry = registry
        self.delivery = delivery
        self.clock = clock
        self.reply = reply
    }

    /// Sends `locate` to the foreground app: nil (the reply follows the app's answer), or a failure now.
    func ask(whereIs id: String, envelope: [[UInt8]]) -> ControlReply? {
        guard let app = registry.foreground, app.isReachable else {
            return .failure("view", ControlError(.appUnavailable, "no app is in the foreground (the home screen shows)"))
        }
        if pending.count >= Self.limit, let oldest = pending.keys.min() { expire(oldest) }
        lastRequest &+= 1
        guard delivery.sendToApp(app, LocateMessage(request: lastRequest, viewID: id).encoded()) else {
            return .failure("view", ControlError(.appUnavailable, "\(app.bundleID) cannot be reached"))
        }
        let deadline = clock.now &+ Self.timeoutNanoseconds
        pending[lastRequest] = Pending(envelope: envelope, bundleID: app.bundleID, id: id, deadline: deadline)
        if timer == nil { arm(at: deadline) }
        return nil
    }

    /// The app's answer: the control reply its request was waiting for. An answer nobody waits for (timed out,
    /// or from another app than the one asked) is dropped.
    func answer(_ location: LocationMessage, from app: AppRecord) {
        guard let request = pending[location.request], request.bundleID == app.bundleID else { return }
        pending[location.request] = nil
        switch location.result {
        case .found(let x, let y):
            reply(
                request.envelope,
                ControlReply(
                    ok: true, command: "view",
                    view: ViewInfo(bundleID: app.bundleID, id: request.id, x: Double(x), y: Double(y))))
        case .notFound(let reason):
            reply(request.envelope, .failure("view", ControlError(.unknownView, reason)))
        }
    }

    private func arm(at deadline: UInt64) {
        guard let runLoop else { return }
        let timer = RunLoopTimer(fireAt: deadline, name: "view timeout") { [unowned self] _ in
            self.timer = nil
            let now = clock.now
            for (request, waiting) in pending where waiting.deadline <= now { expire(request) }
            if let next = pending.values.map(\.deadline).min() { arm(at: next) }
        }
        self.timer = timer
        runLoop.add(timer, mode: .common)
    }

    private func expire(_ request: UInt64) {
        guard let waiting = pending.removeValue(forKey: request) else { return }
        let waited = Self.timeoutNanoseconds / 1_000_000
        reply(
            waiting.envelope,
            .failure("view", ControlError(.appUnavailable, "\(waiting.bundleID) did not answer within \(waited) ms")))
    }
}
