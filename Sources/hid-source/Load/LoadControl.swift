import AppChannel
import ArgumentParser
import ControlProtocol

/// springboard's control socket as a load run uses it: one REQ client kept for the whole run (a new one
/// costs a ZeroMQ context and its I/O thread), replaced after a timeout because a REQ socket that missed its
/// reply cannot send again.
final class LoadControl {
    let endpoint: String
    private let timeoutMilliseconds: Int
    private var client: ControlClient?

    init(endpoint: String, timeoutMilliseconds: Int = 2000) {
        self.endpoint = endpoint
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    /// One request; an error reply throws `ControlError`, no reply `ControlClientError`.
    func request(_ command: ControlCommand) throws -> ControlReply {
        let client = try self.client ?? ControlClient(endpoint: endpoint, timeoutMilliseconds: timeoutMilliseconds)
        do {
            let reply = try client.request(command)
            self.client = client
            if !reply.ok, let error = reply.error { throw error }
            return reply
        } catch let error as ControlClientError {
            self.client = nil
            throw error
        }
    }

    func stats(reset: Bool = false, histograms: Bool = false) throws -> StatsInfo {
        guard let stats = try request(.stats(reset: reset, histograms: histograms)).stats else {
            throw ControlClientError.badReply("stats reply without stats")
        }
        return stats
    }

    func source(_ senderID: UInt64) throws -> SourceInfo {
        guard let source = try request(.source(senderID: senderID)).source else {
            throw ControlClientError.badReply("source reply without source")
        }
        return source
    }

    /// Reads the overload policy, or sets it and returns the one now in force.
    func overload(_ mode: OverloadMode? = nil) throws -> OverloadMode {
        guard let mode = try request(.overload(mode: mode)).overload else {
            throw ControlClientError.badReply("overload reply without a mode")
        }
        return mode
    }

    /// The app the run loads: `requested` (brought to the foreground if it is not there), else the
    /// foreground app. Bad input (no such app, nothing in the foreground) is a `ValidationError`.
    func targetApp(requested: String?) throws -> String {
        guard let status = try request(.status).status else { throw ControlClientError.badReply("status reply without status") }
        guard let requested else {
            guard let foreground = status.foreground else {
                throw ValidationError(
                    "no app is in the foreground: pass --app BUNDLEID, or bring one forward (sbctl foreground BUNDLEID)")
            }
            return foreground
        }
        if status.foreground == requested { return requested }
        do { _ = try request(.foreground(bundleID: requested)) } catch let error as ControlError {
            throw ValidationError("--app \(requested): \(error.message)")
        }
        return requested
    }
}
