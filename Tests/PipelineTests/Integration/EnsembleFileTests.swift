import Foundation
import TestSupport
import XCTest

/// `deploy/ensemble.yaml` is read by springboard with a YAML library: every key known, every value checked,
/// printed as shell assignments for `deploy/ensemble`.
final class EnsembleFileTests: PipelineTestCase {

    func testTheShippedFileReadsAsShellAssignments() throws {
        let file = SharedPaths.packageRoot.appendingPathComponent("deploy/ensemble.yaml").path
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
            ENSEMBLE_immediate_dispatch='false'
            ENSEMBLE_scenes=('deploy/apps/maps/maps.yaml' 'deploy/apps/settings/settings.yaml')

            """)
    }

    func testValuesAreQuotedAndBadKeysOrValuesAreRefusedByName() throws {
        func check(_ yaml: String) throws -> (status: Int32, stdout: String, stderr: String) {
            let file = fixture.directory.appendingPathComponent("e.yaml")
            try yaml.write(to: file, atomically: true, encoding: .utf8)
            return try fixture.runTool("springboard", ["--print-ensemble", file.path])
        }
        let quoted = try check("runtime_dir: /tmp/it's; rm -rf x\noverload: backpressure\napps:\n  - scene: a b.yaml\n")
        XCTAssertEqual(quoted.status, 0, quoted.stderr)
        XCTAssertTrue(quoted.stdout.hasPrefix("ENSEMBLE_runtime_dir='/tmp/it'\\''s; rm -rf x'\n"), quoted.stdout)
        XCTAssertTrue(quoted.stdout.contains("ENSEMBLE_overload='backpressure'\n"), quoted.stdout)
        XCTAssertTrue(quoted.stdout.hasSuffix("ENSEMBLE_scenes=('a b.yaml')\n"), quoted.stdout)

        for (yaml, message) in [
            ("ack_windw: 64\n", "unknown key \"ack_windw\""),
            ("heartbeat_ms: 0\n", "heartbeat_ms must be a positive integer, not \"0\""),
            ("app_quiet: maybe\n", "app_quiet must be true or false, not \"maybe\""),
            ("overload: fast\n", "overload must be shed or backpressure, not \"fast\""),
            ("refresh_rate: 120\nimmediate_dispatch: true\n", "refresh_rate cannot go with immediate_dispatch: true"),
            ("apps:\n  - maps.yaml\n", "apps item 1 must be `- scene: FILE`"),
        ] {
            let result = try check(yaml)
            XCTAssertEqual(result.status, 65, yaml)
            XCTAssertTrue(result.stderr.contains(message), "\(yaml): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", yaml)
        }
    }
}
