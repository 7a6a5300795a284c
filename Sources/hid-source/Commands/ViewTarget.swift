import ArgumentParser
import ControlProtocol

/// `hid-source tap @viewId`: where a view of the foreground app is, by id. The source is the hardware and
/// knows no views: it asks springboard (`view`, protocols/control.md), which asks the foreground app over the
/// app channel; the app answers with the centre of the view, checked by hit-testing that a touch there reaches it.
enum ViewTarget {
    static func point(of id: String, options: SourceOptions) throws -> (x: Double, y: Double) {
        let client = try ControlClient(endpoint: options.controlEndpoint, timeoutMilliseconds: options.confirmTimeout)
        let reply: ControlReply
        do { reply = try client.request(.view(id: id)) } catch {
            throw ValidationError("@\(id): springboard does not answer on \(options.controlEndpoint)")
        }
        guard let view = reply.view else {
            throw ValidationError("@\(id): \(reply.error?.message ?? "springboard did not say where it is")")
        }
        return (view.x, view.y)
    }
}
