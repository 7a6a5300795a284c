import Foundation
import TestSupport
import XCTest

/// The multi-host part of an ensemble file (`hosts:`, `springboard:`, each app's `host:`, `load:`), read by
/// springboard for `deploy/ensemble`: printed after the one-host assignments, every mistake refused by name.
final class EnsembleHostsTests: PipelineTestCase {

    func testTheTwoHostFileReadsAsHostsEndpointsAndEachAppsHostAndBundleID() throws {
        let file = SharedPaths.packageRoot.appendingPathComponent("deploy/ensemble-two-hosts.yaml").path
        let result = try fixture.runTool("springboard", ["--print-ensemble", file])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            ENSEMBLE_runtime_dir=''
            ENSEMBLE_ack_timeout_ms='5000'
            ENSEMBLE_heartbeat_ms='500'
            ENSEMBLE_app_quiet='false'
            ENSEMBLE_ack_window=''
            ENSEMBLE_min_ack_window=''
            ENSEMBLE_outbound_capacity=''
            ENSEMBLE_coalesce_limit=''
            ENSEMBLE_overload=''
            ENSEMBLE_refresh_rate=''
            ENSEMBLE_immediate_dispatch=''
            ENSEMBLE_scenes=('deploy/apps/maps/maps.yaml' 'deploy/apps/settings/settings.yaml' 'deploy/apps/bench/bench.yaml')
            ENSEMBLE_host_names=('sb' 'apps' 'load')
            ENSEMBLE_host_netns=('tp-sb' 'tp-apps' 'tp-load')
            ENSEMBLE_host_addresses=('10.77.0.1' '10.77.0.2' '10.77.0.3')
            ENSEMBLE_springboard_host='sb'
            ENSEMBLE_springboard_events='tcp://10.77.0.1:7101'
            ENSEMBLE_springboard_apps='tcp://10.77.0.1:7102'
            ENSEMBLE_springboard_control='tcp://10.77.0.1:7103'
            ENSEMBLE_springboard_monitor=''
            ENSEMBLE_curve_keys=''
            ENSEMBLE_app_hosts=('apps' 'apps' 'apps')
            ENSEMBLE_app_bundles=('com.example.maps' 'com.example.settings' 'com.example.bench')
            ENSEMBLE_load_host='load'

            """)
    }

    /// Hosts without netns (this machine's network, e.g. loopback), an app without `host:` (springboard's) and no
    /// `load:` (springboard's host), a monitor endpoint and a key directory.
    func testDefaultsWithoutNamespaces() throws {
        let scene = try writeScene("com.example.a")
        let result = try check(
            """
            hosts:
              - name: here
                address: 127.0.0.1
            springboard:
              host: here
              events: tcp://127.0.0.1:7101
              apps: tcp://127.0.0.1:7102
              control: tcp://127.0.0.1:7103
              monitor: tcp://127.0.0.1:7104
              curve_keys: keys/it's
            apps:
              - scene: \(scene)

            """)
        XCTAssertEqual(result.status, 0, result.stderr)
        let tail = result.stdout.components(separatedBy: "\n").drop { !$0.hasPrefix("ENSEMBLE_host_names") }
        XCTAssertEqual(
            tail.joined(separator: "\n"),
            """
            ENSEMBLE_host_names=('here')
            ENSEMBLE_host_netns=('')
            ENSEMBLE_host_addresses=('127.0.0.1')
            ENSEMBLE_springboard_host='here'
            ENSEMBLE_springboard_events='tcp://127.0.0.1:7101'
            ENSEMBLE_springboard_apps='tcp://127.0.0.1:7102'
            ENSEMBLE_springboard_control='tcp://127.0.0.1:7103'
            ENSEMBLE_springboard_monitor='tcp://127.0.0.1:7104'
            ENSEMBLE_curve_keys='keys/it'\\''s'
            ENSEMBLE_app_hosts=('here')
            ENSEMBLE_app_bundles=('com.example.a')
            ENSEMBLE_load_host='here'

            """)
    }

    func testMistakesAreRefusedByName() throws {
        let a = try writeScene("com.example.a")
        let hosts = """
            hosts:
              - name: sb
                netns: t-sb
                address: 10.9.0.1
              - name: apps
                netns: t-apps
                address: 10.9.0.2

            """
        let springboard = """
            springboard:
              host: sb
              events: tcp://10.9.0.1:7101
              apps: tcp://10.9.0.1:7102
              control: tcp://10.9.0.1:7103

            """
        let cases: [(String, String)] = [
            ("apps:\n  - scene: \(a)\n    host: sb\n", "an app's host: needs a hosts: list naming it"),
            ("load:\n  host: x\n", "springboard: and load: need a hosts: list"),
            (hosts, "hosts: needs springboard: with host:, events:, apps: and control:"),
            (
                hosts + springboard.replacingOccurrences(of: "host: sb", with: "host: db"),
                "springboard: host \"db\" is not a host (hosts: sb, apps)"
            ),
            (
                hosts + springboard.replacingOccurrences(of: "tcp://10.9.0.1:7101", with: "ipc:///tmp/e"),
                "springboard: events \"ipc:///tmp/e\" must be tcp://ADDRESS:PORT"
            ),
            (
                hosts + springboard.replacingOccurrences(of: "10.9.0.1:7102", with: "10.9.0.2:7102"),
                "springboard: apps tcp://10.9.0.2:7102 is not on springboard's host address 10.9.0.1"
            ),
            (
                hosts + springboard.replacingOccurrences(of: ":7103", with: ":7101"),
                "springboard: control uses port 7101, as events does"
            ),
            (
                hosts + springboard.replacingOccurrences(of: "  control: tcp://10.9.0.1:7103\n", with: ""),
                "springboard: needs control: (tcp://ADDRESS:PORT)"
            ),
            (hosts + springboard + "  curve: true\n", "springboard: unknown key \"curve\""),
            (hosts + springboard + "apps:\n  - scene: \(a)\n    host: phone\n", "apps item 1: host \"phone\" is not a host"),
            (hosts + springboard + "apps:\n  - scene: \(a)\n  - scene: \(a)\n", "bundle id com.example.a is listed twice"),
            (
                hosts + springboard + "apps:\n  - scene: /nonexistent.yaml\n",
                "apps item 1 (/nonexistent.yaml): cannot read the scene's app.bundleID"
            ),
            (hosts + springboard + "load:\n  host: far\n", "load: host \"far\" is not a host"),
            (hosts + springboard + "load: far\n", "load must be a mapping with host:"),
            (
                hosts.replacingOccurrences(of: "name: apps", with: "name: sb") + springboard,
                "hosts item 2: host name \"sb\" is used twice"
            ),
            (
                hosts.replacingOccurrences(of: "    netns: t-apps\n", with: "") + springboard,
                "either every host has netns: (namespaces on this machine) or none has"
            ),
            (
                hosts.replacingOccurrences(of: "10.9.0.2", with: "10.8.0.2") + springboard,
                "host apps: address 10.8.0.2 is not on 10.9.0.1-254"
            ),
            (
                hosts.replacingOccurrences(of: "10.9.0.2", with: "10.9.0.256") + springboard,
                "hosts item 2: address \"10.9.0.256\" is not an IPv4 address"
            ),
            (
                hosts.replacingOccurrences(of: "t-apps", with: "t apps") + springboard,
                "hosts item 2: netns \"t apps\" must be letters, digits, - and _"
            ),
            (
                hosts.replacingOccurrences(of: "    address: 10.9.0.2\n", with: "") + springboard,
                "hosts item 2: a host with netns: needs address:"
            ),
            (
                hosts.replacingOccurrences(of: "    address: 10.9.0.2\n", with: "    adress: 10.9.0.2\n") + springboard,
                "hosts item 2: unknown key \"adress\""
            ),
            ("hosts: []\n" + springboard, "hosts must be a list of `- name: NAME` items"),
        ]
        for (yaml, message) in cases {
            let result = try check(yaml)
            XCTAssertEqual(result.status, 65, yaml)  // input refused (docs/usage.md, "Exit statuses")
            XCTAssertTrue(result.stderr.contains(message), "\(yaml)\nexpected: \(message)\nfound: \(result.stderr)")
            XCTAssertEqual(result.stdout, "", yaml)
        }
    }

    private func check(_ yaml: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let file = fixture.directory.appendingPathComponent("e.yaml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        return try fixture.runTool("springboard", ["--print-ensemble", file.path])
    }

    private func writeScene(_ bundleID: String) throws -> String {
        let file = fixture.directory.appendingPathComponent("\(bundleID).yaml")
        try "app:\n  bundleID: \(bundleID)\n".write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }
}
