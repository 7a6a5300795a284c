import AppChannel
import AppHostCore
import Foundation
import RunLoopKit
import TestSupport
import UIKitModel
import XCTest
import ZeroMQ

/// springboard's side of one app channel, played by a test: a ROUTER bound on a fresh ipc endpoint that an
/// app-host in the test's process connects to. The app sets no routing id, so the ROUTER names the connection;
/// `awaitProbe` reads the app's connect probe (`[identity][empty]`), after which `send` routes to it.
final class AppChannelRouter {
    let router: ZMQSocket
    let endpoint: String
    /// The app's connection as the ROUTER names it; empty until `awaitProbe` has read the probe.
    private(set) var identity: [UInt8] = []
    private let context: ZMQContext

    /// `receiveHighWaterMark` and `receiveBufferSize`, when given, are set before the bind (a small channel, to
    /// make the app's sends meet back-pressure).
    init(in directory: TemporaryDirectory, receiveHighWaterMark: Int? = nil, receiveBufferSize: Int? = nil) throws {
        endpoint = directory.ipcEndpoint("apps")
        context = try ZMQContext(ioThreads: 1)
        router = try context.socket(.router)
        try router.setLinger(0)
        if let receiveHighWaterMark { try router.setReceiveHighWaterMark(receiveHighWaterMark) }
        if let receiveBufferSize { try router.setReceiveBufferSize(receiveBufferSize) }
        try router.setRouterMandatory(true)
        try router.bind(endpoint)
    }

    deinit { router.close() }

    /// Runs the app's loop until its connect probe arrives; returns the probe's frames.
    @discardableResult
    func awaitProbe(_ application: UIApplication) throws -> [[UInt8]] {
        var probe: [[UInt8]]?
        try runUntil("the app's connect probe", application) {
            probe = probe ?? (try? router.receiveMultipart(dontWait: true)) ?? nil
            return probe != nil
        }
        let frames = try XCTUnwrap(probe)
        identity = try XCTUnwrap(frames.first)
        return frames
    }

    /// One message to the app: its identity frame, then `bytes`.
    func send(_ bytes: [UInt8]) throws {
        XCTAssertTrue(try router.send(identity, more: true))
        XCTAssertTrue(try router.send(bytes))
    }

    /// The next message from the app, if one is waiting.
    func receive() throws -> [[UInt8]]? { try router.receiveMultipart(dontWait: true) }

    /// Every message waiting from the app, decoded, but its `register`s and what `skipping` names; a message that
    /// does not decode is read past.
    func messages(skipping skip: (AppChannelMessage) -> Bool = { _ in false }) throws -> [AppChannelMessage] {
        var messages: [AppChannelMessage] = []
        while let frames = try receive() {
            guard frames.count == 2, frames[1].count > 8, let message = try? AppChannelMessage.decode(frames[1]) else {
                continue
            }
            if case .register = message { continue }
            if !skip(message) { messages.append(message) }
        }
        return messages
    }
}

/// An app-host in the test's process on `channel`, its loop on a manual clock, its connect probe read.
func startHost(
    on channel: AppChannelRouter, bundleID: String, displayName: String,
    configure: (inout AppHostConfiguration) -> Void = { _ in }
) throws -> (host: AppHost, application: UIApplication, clock: ManualClock) {
    var configuration = AppHostConfiguration(
        appEndpoint: channel.endpoint, bundleID: bundleID, displayName: displayName)
    configuration.traceToStdout = false
    configure(&configuration)
    let clock = ManualClock()
    let application = UIApplication(runLoop: EventRunLoop(clock: clock))
    let host = try AppHost(application: application, configuration: configuration)
    try channel.awaitProbe(application)
    return (host, application, clock)
}

/// Runs the app's loop until `condition` holds (what the test sends crosses libzmq's I/O thread first), for at
/// most 5 s.
func runUntil(_ what: String, _ application: UIApplication, _ condition: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(5)
    while !condition() {
        guard Date() < deadline else {
            XCTFail("timed out waiting for \(what)")
            throw CancellationError()
        }
        application.runLoop.runUntilIdle()
        if !condition() { usleep(20) }
    }
}
