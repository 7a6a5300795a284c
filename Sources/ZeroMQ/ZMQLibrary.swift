import CZeroMQ

/// Facts about the libzmq the process is linked against.
package enum ZMQLibrary {
    /// `zmq_version`, e.g. (4, 3, 4).
    package static var version: (major: Int32, minor: Int32, patch: Int32) {
        var major: Int32 = 0, minor: Int32 = 0, patch: Int32 = 0
        zmq_version(&major, &minor, &patch)
        return (major, minor, patch)
    }

    /// `zmq_has`: whether a capability ("ipc", "curve", "draft", ...) was built in.
    package static func has(_ capability: String) -> Bool { zmq_has(capability) != 0 }
}
