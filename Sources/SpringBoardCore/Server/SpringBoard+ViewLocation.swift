import AppChannel
import ControlProtocol

/// `view` requests waiting for the foreground app's `location`, by request number: the control envelope to
/// answer and what was asked. Few and short-lived (one per `hid-source tap @id`), so a plain dictionary.
struct ViewRequests {
    struct Pending {
        var envelope: [[UInt8]]
        var bundleID: String
        var id: String
        var deadline: UInt64
    }

    /// How long the app has to answer; after that the client is told the app did not (liveness ticks check).
    static let timeoutNanoseconds: UInt64 = 2_000_000_000
    /// More than this many unanswered requests: the oldest is answered as timed out to make room.
    static let limit = 64

    var pending: [UInt64: Pending] = [:]
    var lastRequest: UInt64 = 0
}

// The control socket's `view` (protocols/control.md): where a view of the foreground app is. springboard does not
// know the app's views; it asks the app over the app channel (`locate`, protocols/app-channel.md) and answers the
// control client when the app's `location` comes back, so the control reply is deferred.
extension SpringBoard {
    /// Sends `locate` to the foreground app; nil (the reply follows the app's answer) or a failure now.
    func askForegroundApp(whereIs id: String, envelope: [[UInt8]]) -> ControlReply? {
        guard let app = registry.foreground, app.isReachable else {
            return .failure("view", ControlError(.appUnavailable, "no app is in the foreground (the home screen shows)"))
        }
        if viewRequests.pending.count >= ViewRequests.limit,
            let oldest = viewRequests.pending.keys.min()
        {
            expire(oldest)
        }
        viewRequests.lastRequest &+= 1
        let request = viewRequests.lastRequest
        guard sendToApp(app, LocateMessage(request: request, viewID: id).encoded()) else {
            return .failure("view", ControlError(.appUnavailable, "\(app.bundleID) cannot be reached"))
        }
        viewRequests.pending[request] = ViewRequests.Pending(
            envelope: envelope, bundleID: app.bundleID, id: id, deadline: now &+ ViewRequests.timeoutNanoseconds)
        return nil
    }

    /// The app's answer: the control reply the request was waiting for. An answer nobody waits for (timed out,
    /// or from another app than the one asked) is dropped.
    func answerViewRequest(_ location: LocationMessage, from app: AppRecord) {
        guard let request = viewRequests.pending[location.request], request.bundleID == app.bundleID else { return }
        viewRequests.pending[location.request] = nil
        let reply: ControlReply
        switch location.result {
        case .found(let x, let y):
            reply = ControlReply(
                ok: true, command: "view", view: ViewInfo(bundleID: app.bundleID, id: request.id, x: Double(x), y: Double(y)))
        case .notFound(let reason):
            reply = .failure("view", ControlError(.unknownView, reason))
        }
        sendControlReply(reply, envelope: request.envelope)
    }

    /// Answers the requests whose app has not answered in time.
    func expireViewRequests(time: UInt64) {
        for (request, pending) in viewRequests.pending where pending.deadline <= time { expire(request) }
    }

    private func expire(_ request: UInt64) {
        guard let pending = viewRequests.pending.removeValue(forKey: request) else { return }
        let waited = ViewRequests.timeoutNanoseconds / 1_000_000
        sendControlReply(
            .failure("view", ControlError(.appUnavailable, "\(pending.bundleID) did not answer within \(waited) ms")),
            envelope: pending.envelope)
    }

    private func sendControlReply(_ reply: ControlReply, envelope: [[UInt8]]) {
        do { _ = try controlSocket.sendMultipart(envelope + [reply.encoded()], dontWait: true) } catch {
            logger.warning("control reply not sent: \(error)")
        }
    }
}
