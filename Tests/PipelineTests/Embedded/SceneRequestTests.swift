import ControlProtocol
import SpringBoardTesting
import XCTest

/// The control socket's `scene` (protocols/control.md): what is on the screen, for `sbctl explore` to draw: the
/// home screen's page of icons, or the foreground app with its scene file and trace file.
final class SceneRequestTests: XCTestCase {
    func testTheRequestIsOneFieldAndTheReplyNamesTheSceneAndTheTraceFile() throws {
        XCTAssertEqual(String(decoding: ControlRequestCodec.encode(.scene), as: UTF8.self), #"{"command":"scene"}"#)
        XCTAssertEqual(try ControlRequestCodec.decode(Array(#"{"command":"scene"}"#.utf8)), .scene)

        let app = ControlReply(
            ok: true, command: "scene",
            scene: ForegroundSceneInfo(
                bundleID: "com.example.settings", displayName: "Settings", session: 7,
                scene: "/src/deploy/apps/settings/settings.yaml",
                traceFile: "/run/tp/logs/com.example.settings.trace.jsonl"))
        XCTAssertEqual(
            String(decoding: app.encoded(), as: UTF8.self),
            #"{"command":"scene","ok":true,"scene":{"bundleID":"com.example.settings","displayName":"Settings","#
                + #""scene":"/src/deploy/apps/settings/settings.yaml","session":7,"#
                + #""traceFile":"/run/tp/logs/com.example.settings.trace.jsonl"}}"#)
        let home = ControlReply(
            ok: true, command: "scene",
            scene: ForegroundSceneInfo(
                bundleID: nil,
                home: HomeScreenInfo(
                    width: 390, height: 844, page: 0, pageCount: 1,
                    icons: [HomeIconInfo(bundleID: "com.example.maps", displayName: "Maps", x: 18, y: 70, width: 60, height: 60)]
                )))
        XCTAssertEqual(
            String(decoding: home.encoded(), as: UTF8.self),
            #"{"command":"scene","ok":true,"scene":{"home":{"height":844,"icons":[{"bundleID":"com.example.maps","#
                + #""displayName":"Maps","height":60,"width":60,"x":18,"y":70}],"page":0,"pageCount":1,"width":390}}}"#)
        XCTAssertEqual(try ControlReply.decode(home.encoded()), home)
    }

    /// The embedded springboard answers with its home screen, then with the app in front; an app springboard did
    /// not launch has no scene or trace file it could name.
    func testSpringBoardAnswersTheHomeScreenThenTheForegroundApp() throws {
        let sb = try EmbeddedSpringBoard()
        _ = try sb.registeredApp("com.example.maps", displayName: "Maps")
        let home = try XCTUnwrap(sb.request(.scene).scene)
        XCTAssertNil(home.bundleID)
        XCTAssertEqual(
            home.home,
            HomeScreenInfo(
                width: 390, height: 844, page: 0, pageCount: 1,
                icons: [
                    HomeIconInfo(bundleID: "com.example.maps", displayName: "com.example.maps", x: 0, y: 0, width: 0, height: 0)
                ]))

        try sb.foreground("com.example.maps")
        let reply = sb.request(.scene)
        XCTAssertEqual(reply.command, "scene")
        let scene = try XCTUnwrap(reply.scene)
        XCTAssertEqual(scene.bundleID, "com.example.maps")
        XCTAssertEqual(scene.displayName, "Maps")
        XCTAssertEqual(scene.session, sb.request(.apps).apps?.first?.session)
        XCTAssertNil(scene.scene)
        XCTAssertNil(scene.traceFile)
        XCTAssertNil(scene.home)
    }
}
