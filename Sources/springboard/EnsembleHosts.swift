import Foundation
import Yams

/// The multi-host part of an ensemble file: `hosts:` (on this machine, network namespaces joined by one
/// private network), `springboard:` (its host, tcp endpoints and CURVE key directory), each app's `host:` and
/// `load:` (the load generator's host). `deploy/ensemble` starts each process on its host; every socket is tcp
/// with CURVE, so each host needs only springboard's address, its public key and its own key.
struct MultiHost {
    static let topLevelKeys = ["hosts", "springboard", "load"]

    struct Host: Equatable {
        var name: String
        /// The network namespace `up` creates for it; nil: this machine's own network.
        var netns: String?
        var address: String?
    }

    var hosts: [Host] = []
    var springboardHost = ""
    /// Endpoint strings by socket (`events`, `apps`, `control`, `monitor`), bound by springboard and connected to
    /// by the others: tcp on springboard's address.
    var endpoints: [String: String] = [:]
    /// Where the CURVE key files are (made by `sbctl keygen` when missing); nil: `<runtime dir>/keys`.
    var curveKeys: String?
    /// Each app's host (springboard's when the item names none), parallel to the file's scenes.
    var appHosts: [String] = []
    /// Each app's bundle id (its scene's `app.bundleID`): its CURVE key is admitted for that id only.
    var bundleIDs: [String] = []
    var loadHost = ""

    static let sockets = ["events", "apps", "control", "monitor"]

    init(_ mapping: [String: Any?], apps scenes: [String], appHosts: [String?], path: String) throws {
        func problem(_ text: String) -> EnsembleFile.Problem { EnsembleFile.Problem(description: "\(path): \(text)") }
        guard let hostList = mapping["hosts"].flatMap(Self.present) else {
            throw problem("springboard: and load: need a hosts: list (the hosts they name)")
        }
        guard let list = hostList as? [Any?], !list.isEmpty else {
            throw problem("hosts must be a list of `- name: NAME` items (with netns: and address:)")
        }
        for (index, item) in list.enumerated() {
            let label = "hosts item \(index + 1)"
            guard let host = item as? [String: Any?] else { throw problem("\(label) must be a mapping with name:") }
            if let unknown = host.keys.sorted().first(where: { !["name", "netns", "address"].contains($0) }) {
                throw problem("\(label): unknown key \"\(unknown)\" (known: address, name, netns)")
            }
            guard let name = host["name"].flatMap(Self.present).map({ "\($0)" }), Self.isName(name) else {
                throw problem("\(label) needs name: (letters, digits, - and _)")
            }
            let netns = host["netns"].flatMap(Self.present).map { "\($0)" }
            if let netns, !Self.isName(netns) || netns.count > 40 {
                throw problem("\(label): netns \"\(netns)\" must be letters, digits, - and _ (at most 40)")
            }
            let address = host["address"].flatMap(Self.present).map { "\($0)" }
            if let address, Self.octets(address) == nil {
                throw problem("\(label): address \"\(address)\" is not an IPv4 address such as 10.77.0.1")
            }
            if netns != nil, address == nil { throw problem("\(label): a host with netns: needs address:") }
            let new = Host(name: name, netns: netns, address: address)
            for old in hosts {
                if old.name == name { throw problem("\(label): host name \"\(name)\" is used twice") }
                if let netns, old.netns == netns { throw problem("\(label): netns \"\(netns)\" is used twice") }
                if let address, old.address == address { throw problem("\(label): address \(address) is used twice") }
            }
            hosts.append(new)
        }
        let namespaced = hosts.filter { $0.netns != nil }
        if !namespaced.isEmpty, namespaced.count != hosts.count {
            throw problem("hosts: either every host has netns: (namespaces on this machine) or none has")
        }
        // One private network joins the namespaces: a /24, so every address shares its first three numbers.
        if let first = namespaced.first?.address.flatMap(Self.octets) {
            for host in namespaced {
                let octets = Self.octets(host.address!)!
                guard octets.prefix(3) == first.prefix(3), (1...254).contains(octets[3]) else {
                    throw problem(
                        "host \(host.name): address \(host.address!) is not on \(first.prefix(3).map(String.init).joined(separator: ".")).1-254 "
                            + "(the namespaces share one /24 network)")
                }
            }
        }
        let names = hosts.map(\.name)
        func hostName(_ value: Any??, _ label: String) throws -> String? {
            guard let value = value.flatMap(Self.present) else { return nil }
            let name = "\(value)"
            guard names.contains(name) else {
                throw problem("\(label) \"\(name)\" is not a host (hosts: \(names.joined(separator: ", ")))")
            }
            return name
        }

        guard let sbValue = mapping["springboard"].flatMap(Self.present), let sb = sbValue as? [String: Any?] else {
            throw problem("hosts: needs springboard: with host:, events:, apps: and control:")
        }
        let sbKeys = ["host", "curve_keys"] + Self.sockets
        if let unknown = sb.keys.sorted().first(where: { !sbKeys.contains($0) }) {
            throw problem("springboard: unknown key \"\(unknown)\" (known: \(sbKeys.sorted().joined(separator: ", ")))")
        }
        guard let sbHost = try hostName(sb["host"], "springboard: host") else { throw problem("springboard: needs host:") }
        springboardHost = sbHost
        let sbAddress = hosts.first { $0.name == sbHost }?.address
        var ports: [Int: String] = [:]
        for socket in Self.sockets {
            guard let value = sb[socket].flatMap(Self.present) else {
                if socket == "monitor" { continue }
                throw problem("springboard: needs \(socket): (tcp://ADDRESS:PORT)")
            }
            let endpoint = "\(value)"
            guard let (address, port) = Self.tcpEndpoint(endpoint) else {
                throw problem("springboard: \(socket) \"\(endpoint)\" must be tcp://ADDRESS:PORT (CURVE secures it)")
            }
            if let sbAddress, address != sbAddress {
                throw problem("springboard: \(socket) \(endpoint) is not on springboard's host address \(sbAddress)")
            }
            if let other = ports[port] { throw problem("springboard: \(socket) uses port \(port), as \(other) does") }
            ports[port] = socket
            endpoints[socket] = endpoint
        }
        if let keys = sb["curve_keys"].flatMap(Self.present) {
            guard let keys = keys as? String, !keys.isEmpty else {
                throw problem("springboard: curve_keys must be a directory path")
            }
            curveKeys = keys
        }

        for (index, host) in appHosts.enumerated() {
            self.appHosts.append(try hostName(host, "apps item \(index + 1): host") ?? sbHost)
        }
        if let loadValue = mapping["load"].flatMap(Self.present) {
            guard let load = loadValue as? [String: Any?], Set(load.keys) == ["host"] else {
                throw problem("load must be a mapping with host: (the load generator's host)")
            }
            loadHost = try hostName(load["host"], "load: host") ?? sbHost
        } else {
            loadHost = sbHost
        }

        // Each app's CURVE key is admitted for its bundle id only, so the id is read from its scene here.
        for (index, scene) in scenes.enumerated() {
            let label = "apps item \(index + 1) (\(scene))"
            let root: Any?
            do { root = try Yams.load(yaml: String(contentsOfFile: scene, encoding: .utf8)) } catch {
                throw problem("\(label): cannot read the scene's app.bundleID: \(error.localizedDescription)")
            }
            guard let app = (root as? [String: Any])?["app"] as? [String: Any], let bundleID = app["bundleID"] as? String,
                Self.isBundleID(bundleID)
            else { throw problem("\(label): the scene has no app.bundleID") }
            if bundleIDs.contains(bundleID) { throw problem("\(label): bundle id \(bundleID) is listed twice") }
            bundleIDs.append(bundleID)
        }
    }

    /// A key's value; nil when absent or empty (`key:` alone, YAML's null).
    static func present(_ value: Any?) -> Any? {
        guard let value, !(value is NSNull) else { return nil }
        return value
    }

    var shellAssignments: [String] {
        func array(_ items: [String]) -> String { "(" + items.map(EnsembleFile.quoted).joined(separator: " ") + ")" }
        var lines = [
            "ENSEMBLE_host_names=\(array(hosts.map(\.name)))",
            "ENSEMBLE_host_netns=\(array(hosts.map { $0.netns ?? "" }))",
            "ENSEMBLE_host_addresses=\(array(hosts.map { $0.address ?? "" }))",
            "ENSEMBLE_springboard_host=\(EnsembleFile.quoted(springboardHost))",
        ]
        for socket in Self.sockets {
            lines.append("ENSEMBLE_springboard_\(socket)=\(EnsembleFile.quoted(endpoints[socket] ?? ""))")
        }
        lines.append("ENSEMBLE_curve_keys=\(EnsembleFile.quoted(curveKeys ?? ""))")
        lines.append("ENSEMBLE_app_hosts=\(array(appHosts))")
        lines.append("ENSEMBLE_app_bundles=\(array(bundleIDs))")
        lines.append("ENSEMBLE_load_host=\(EnsembleFile.quoted(loadHost))")
        return lines
    }

    /// Names that are safe unquoted in a shell, a file name and `ip netns`.
    static func isName(_ text: String) -> Bool {
        func isAlphanumeric(_ c: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c)
        }
        guard let first = text.unicodeScalars.first, isAlphanumeric(first), text.count <= 64 else { return false }
        return text.unicodeScalars.allSatisfy { isAlphanumeric($0) || $0 == "-" || $0 == "_" }
    }

    /// A bundle id is also a key file's name: reverse-DNS characters only.
    static func isBundleID(_ text: String) -> Bool {
        !text.isEmpty && !text.hasPrefix(".") && text.count <= 200
            && text.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "-_.".unicodeScalars.contains($0)
            }
    }

    static func octets(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let numbers = parts.compactMap { part in part.count <= 3 && part.allSatisfy(\.isNumber) ? Int(part) : nil }
        guard numbers.count == 4, numbers.allSatisfy({ (0...255).contains($0) }) else { return nil }
        return numbers
    }

    /// `tcp://A.B.C.D:PORT` as its address and port.
    static func tcpEndpoint(_ text: String) -> (String, Int)? {
        guard text.hasPrefix("tcp://") else { return nil }
        let rest = text.dropFirst(6)
        guard let colon = rest.lastIndex(of: ":"), let port = Int(rest[rest.index(after: colon)...]), (1...65535).contains(port)
        else { return nil }
        let address = String(rest[..<colon])
        guard octets(address) != nil else { return nil }
        return (address, port)
    }
}
