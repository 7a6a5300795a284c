import AppScene
import Foundation
import HIDEvent
import RunLoopKit
import TestSupport
import UIKitModel

/// A scene from deploy/scenes loaded into an application on a manual clock, fed HID messages through the
/// app's own source1 → source0 → queue path.
final class SceneFixture {
    let clock = ManualClock()
    let scene: SceneApp
    var application: UIApplication { scene.application }

    init(_ name: String) throws {
        let url = SharedPaths.packageRoot.appendingPathComponent("deploy/scenes/\(name).yaml")
        scene = try SceneLoader().load(contentsOf: url, into: UIApplication(runLoop: EventRunLoop(clock: clock)))
    }

    init(yaml: String) throws {
        scene = try SceneLoader().load(yaml: yaml, into: UIApplication(runLoop: EventRunLoop(clock: clock)))
    }

    /// Hands each message to the event fetcher (the source1 side) and runs the loop until the source0 has
    /// turned it into events and the application has sent them.
    func send(_ messages: [HIDMessage]) {
        for message in messages {
            application.eventFetcher.receive(message)
            application.runLoop.runUntilIdle(mode: .default)
        }
    }

    var trace: [String] { application.trace.texts }

    func view(_ id: String) -> UIView { scene.view(id)! }
    func responder(_ id: String) -> UIResponder { scene.responder(id)! }
}
