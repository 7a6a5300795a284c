/// The event port: hid-source -> springboard (PUSH -> PULL).
public enum EventsSocket: SpringBoardSocket {
    public static let flag = "events"
    public static let help = "springboard's event endpoint (default: ipc://<runtime dir>/events)."
    public static func endpoint(in defaults: DefaultEndpoints) -> String { defaults.events }
}

/// The app channel: apps -> springboard (DEALER -> ROUTER).
public enum AppsSocket: SpringBoardSocket {
    public static let flag = "apps"
    public static let help = "springboard's app channel (default: ipc://<runtime dir>/apps)."
    public static func endpoint(in defaults: DefaultEndpoints) -> String { defaults.apps }
}

/// The control socket: sbctl -> springboard (DEALER -> ROUTER).
public enum ControlSocket: SpringBoardSocket {
    public static let flag = "control"
    public static let help = "springboard's control endpoint (default: ipc://<runtime dir>/control)."
    public static func endpoint(in defaults: DefaultEndpoints) -> String { defaults.control }
}

/// The frame monitor: springboard -> sbctl monitor (XPUB -> SUB).
public enum MonitorSocket: SpringBoardSocket {
    public static let flag = "monitor"
    public static let help = "springboard's frame monitor endpoint (default: ipc://<runtime dir>/monitor)."
    public static func endpoint(in defaults: DefaultEndpoints) -> String { defaults.monitor }
}
