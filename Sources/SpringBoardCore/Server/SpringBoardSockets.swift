import AppChannel
import ControlProtocol
import ZeroMQ

/// springboard's sockets, made, secured and bound in one place, and the locks that make their endpoints (and
/// the runtime directory) this process's alone. The parts that read them get them from here; `close()` ends
/// them all.
final class SpringBoardSockets {
    /// Every socket's context (inproc endpoints are reachable only within it: the embedded springboard's test
    /// peers share it).
    let context: ZMQContext
    /// hid-sources connect here (PULL).
    let events: ZMQSocket
    /// The event port's monitor: a source's connection closed.
    let eventMonitor: ZMQSocket
    /// Apps connect here (ROUTER).
    let apps: ZMQSocket
    /// The app socket's monitor: an app's connection closed.
    let appMonitor: ZMQSocket
    /// sbctl connects here (ROUTER).
    let control: ZMQSocket
    /// `sbctl monitor`'s feed (XPUB; nil without a monitor endpoint).
    let frameMonitor: FrameMonitor?
    /// The ZAP handler's REP socket (CURVE only).
    let zap: ZMQSocket?
    private let instanceLock: InstanceLock?
    private let endpointLocks: EndpointLocks

    init(configuration: SpringBoardConfiguration, context: ZMQContext) throws {
        if let dir = configuration.runtimeDirectory {
            let runtime = RuntimeDirectory(path: dir)
            try runtime.prepare()
            instanceLock = try InstanceLock(path: runtime.file("springboard.lock"))
        } else {
            instanceLock = nil
        }
        let endpoints =
            [configuration.eventEndpoint, configuration.appEndpoint, configuration.controlEndpoint]
            + (configuration.monitorEndpoint.map { [$0] } ?? [])
        endpointLocks = try EndpointLocks(endpoints: endpoints)
        self.context = context
        events = try context.socket(.pull)
        apps = try context.socket(.router)
        control = try context.socket(.router)
        for socket in [events, apps, control] { try socket.setLinger(0) }
        frameMonitor = configuration.monitorEndpoint != nil ? try FrameMonitor(socket: context.socket(.xpub)) : nil
        if let secretKey = configuration.curveSecretKey {
            // The handler is bound before any socket, so no connection is ever admitted unasked.
            let zap = try context.socket(.rep)
            try zap.bind(ZAPHandler.endpoint)
            self.zap = zap
            for (socket, domain) in [(events, ZAPDomain.events), (apps, ZAPDomain.apps), (control, ZAPDomain.control)] {
                try socket.setZAPDomain(domain)
                try socket.setCurveServer(true)
                try socket.setCurveSecretKey(z85: secretKey)
            }
            if let monitor = frameMonitor?.socket {  // watching needs a control key
                try monitor.setZAPDomain(ZAPDomain.control)
                try monitor.setCurveServer(true)
                try monitor.setCurveSecretKey(z85: secretKey)
            }
        } else {
            zap = nil
        }
        // A peer that sends a larger frame is disconnected before it is buffered (a 256 MiB frame costs nothing).
        try events.setMaximumMessageSize(AppChannelWire.maxEventPortFrame)
        try apps.setMaximumMessageSize(AppChannelWire.maxAppToSpringBoardFrame)
        try control.setMaximumMessageSize(Int64(ControlRequestCodec.maximumRequestBytes))
        // Mandatory: a send to a vanished app fails with EHOSTUNREACH (and EAGAIN at the HWM) instead of
        // a silent drop, so every undelivered event is counted. No handover: a peer that sets a routing id
        // already in use is refused by libzmq, so no connection can take over another's.
        try apps.setRouterMandatory(true)
        try apps.setSendHighWaterMark(AppChannelWire.springBoardSendHighWaterMark(ackWindow: configuration.ackWindow))
        appMonitor = try apps.openMonitor(events: [.disconnected])
        eventMonitor = try events.openMonitor(events: [.disconnected])
        try events.bind(configuration.eventEndpoint)
        try apps.bind(configuration.appEndpoint)
        try control.bind(configuration.controlEndpoint)
        if let frameMonitor, let endpoint = configuration.monitorEndpoint { try frameMonitor.socket.bind(endpoint) }
        endpointLocks.noteBound(endpoints)
    }

    /// Closes every socket, then gives the endpoints and the runtime directory up.
    func close() {
        events.close()
        apps.close()
        control.close()
        frameMonitor?.socket.close()
        appMonitor.close()
        eventMonitor.close()
        zap?.close()
        // We hold the endpoints' locks: the socket files we bound, if still ours, are removed (libzmq may not get
        // to it before the process exits); nobody else's are.
        endpointLocks.release()
        instanceLock?.release()
    }
}
