#if canImport(Glibc)
    import Glibc
#endif

/// Who can reach an endpoint springboard binds. ipc and inproc endpoints are files and names of this host and
/// this process (the runtime directory is mode 0700); a tcp endpoint on a loopback address (127.0.0.0/8, ::1,
/// `localhost`, the `lo` interface) is this host's only. Any other tcp endpoint (`*`, `0.0.0.0`, an interface,
/// an address of the machine) is open to every host that can route to it. Without CURVE nothing on the sockets
/// says who is speaking, and the control socket includes `kill`: springboard refuses such an endpoint unless
/// CURVE protects it, or `--insecure-tcp` says the user accepts that (protocols/app-channel.md, "Endpoints").
public enum EndpointExposure {
    /// True for a `tcp://` endpoint whose host is not a loopback address.
    public static func isReachableFromOtherHosts(_ endpoint: String) -> Bool {
        guard endpoint.hasPrefix("tcp://") else { return false }
        var host = String(endpoint.dropFirst("tcp://".count))
        // A port follows the last colon (`tcp://[::1]:5555`, `tcp://127.0.0.1:*`).
        if let colon = host.lastIndex(of: ":") { host = String(host[..<colon]) }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return !isLoopback(host)
    }

    /// `localhost`, the `lo` interface, 127.0.0.0/8 or ::1 (as written: a name other than these is not resolved
    /// here, and is taken as reachable).
    static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "lo" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { bytes in bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1 }
        }
        return false
    }

    /// The refusal for `endpoints` (flag, endpoint) bound without CURVE, or nil when none reaches other hosts.
    public static func refusal(_ endpoints: [(flag: String, endpoint: String)]) -> String? {
        let open = endpoints.filter { isReachableFromOtherHosts($0.endpoint) }
        guard !open.isEmpty else { return nil }
        let list = open.map { "\($0.flag) \($0.endpoint)" }.joined(separator: ", ")
        return
            "\(list) would listen beyond this host without CURVE: anyone who reaches the port could send frames, "
            + "register as an app and use the control socket (`kill` included). Give --curve-key and --authorized-keys "
            + "(protocols/app-channel.md, \"CURVE over tcp\"), bind to loopback (tcp://127.0.0.1:PORT), or pass "
            + "--insecure-tcp to accept the risk."
    }
}
