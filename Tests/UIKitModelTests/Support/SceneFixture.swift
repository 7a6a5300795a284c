import AppScene
import Foundation
import HeadlessApp
import HIDEvent
import RunLoopKit
import TestSupport
import UIKitModel

/// A scene from deploy/scenes run by the headless runner: HID messages go through the app's source1 port,
/// source0, event queue and `sendEvent`, on the runner's manual clock.
final class SceneFixture {
    let runner: HeadlessAppRunner
    var clock: ManualClock { runner.clock }
    var scene: SceneApp { runner.scene }
    var application: UIApplication { runner.application }

    init(_ name: String) throws {
        runner = try HeadlessAppRunner(sceneURL: SharedPaths.packageRoot.appendingPathComponent("deploy/scenes/\(name).yaml"))
    }

    init(yaml: String) throws {
        runner = try HeadlessAppRunner(sceneYAML: yaml)
    }

    /// Feeds each message's payload at its hardware time.
    func send(_ messages: [HIDMessage]) {
        for message in messages { runner.feed(message.payload, at: message.envelope.timestamps.hardware) }
    }

    var trace: [String] { application.trace.texts }

    func view(_ id: String) -> UIView { scene.view(id)! }
    func responder(_ id: String) -> UIResponder { scene.responder(id)! }
}
