import Foundation
import HIDEvent
import RunLoopKit
import UIKitModel

/// An app built in code (no scene file): one full-screen window whose root controller's view is `root`.
final class DirectApp {
    let clock = ManualClock()
    let application: UIApplication
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let controller = UIViewController()

    init(root: UIView = UIView()) {
        application = UIApplication(runLoop: EventRunLoop(clock: clock))
        application.addWindow(window)
        controller.view = root
        window.rootViewController = controller
        window.makeKeyAndVisible()
    }

    func send(_ messages: [HIDMessage]) {
        for message in messages {
            application.eventFetcher.receive(message)
            application.runLoop.runUntilIdle(mode: .default)
        }
    }
}
