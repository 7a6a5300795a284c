import CZeroMQ

// zmq_socket_monitor: libzmq publishes this socket's connection events on a PAIR socket bound to an
// inproc endpoint; a PAIR socket of the same context connects there and reads `ZMQMonitorEvent`s.
extension ZMQSocket {
    /// Starts publishing `events` on `endpoint` (must be `inproc://`), replacing any previous monitor.
    package func monitor(_ endpoint: String, events: ZMQMonitorEvents) throws {
        let socket = try openHandle("zmq_socket_monitor(\(endpoint))")
        if zmq_socket_monitor(socket, endpoint, Int32(events.rawValue)) != 0 {
            throw ZMQError.last("zmq_socket_monitor(\(endpoint))")
        }
    }

    /// Stops the monitor; libzmq sends `monitorStopped` to it first.
    package func stopMonitor() throws {
        let socket = try openHandle("zmq_socket_monitor(NULL)")
        if zmq_socket_monitor(socket, nil, 0) != 0 { throw ZMQError.last("zmq_socket_monitor(NULL)") }
    }

    /// Starts a monitor on a fresh inproc endpoint and returns the PAIR socket that reads it
    /// (`ZMQMonitorEvent.receive(from:)`). Call before `bind`/`connect` to see their events.
    public func openMonitor(events: ZMQMonitorEvents = .all) throws -> ZMQSocket {
        // Random rather than derived from the handle: a closed socket's monitor endpoint can outlive
        // the socket briefly (libzmq's reaper), and a new socket may reuse the address.
        let endpoint = "inproc://zeromq-swift.monitor.\(String(UInt64.random(in: .min ... .max), radix: 16))"
        try monitor(endpoint, events: events)
        let reader = try context.socket(.pair)
        try reader.connect(endpoint)
        return reader
    }
}
