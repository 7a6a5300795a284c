import AppScene
import Foundation
import HIDEvent
import RunLoopKit
import UIKitModel

/// Runs a scene's app in-process with no sockets: HID messages go through an `InProcessPort` that is the
/// app's source1 port, so they take the same source1 → source0 → event queue → `sendEvent` path as in the
/// app-host process, on a `ManualClock` that jumps from one scripted time to the next (firing every timer
/// due in between: gesture delays, scroll-view content delays).
public final class HeadlessAppRunner {
    /// `senderID` stamped on the runner's messages ("HEAD").
    static let senderID: UInt64 = 0x4845_4144

    /// The application's clock: it moves only when the runner feeds an event or advances the loop.
    public let clock: ManualClock
    /// The app: its application and every object the scene file named (none for an app built in Swift).
    public let scene: SceneApp
    private let port: InProcessPort<HIDMessage>
    private(set) var nextSequence: UInt64 = 1
    /// Told about every HID message as it is posted (sequence, hardware time, payload): the timeline.
    var onPost: ((UInt64, UInt64, HIDPayload) -> Void)?

    /// The application under the runner, on its manual clock.
    public var application: UIApplication { scene.application }
    var trace: [Trace.Line] { application.trace.lines }

    /// Loads the scene at `sceneURL` into a new application on a manual clock starting at 0.
    public convenience init(sceneURL: URL, loader: SceneLoader = SceneLoader()) throws {
        try self.init { try loader.load(contentsOf: sceneURL, into: $0) }
    }

    /// Loads the scene in `sceneYAML` (the text of a scene file) as `init(sceneURL:loader:)` does.
    public convenience init(sceneYAML: String, loader: SceneLoader = SceneLoader()) throws {
        try self.init { try loader.load(yaml: sceneYAML, into: $0) }
    }

    /// An app built in Swift instead of a scene file: `build` adds windows, views and recognizers to the new
    /// application (on the runner's manual clock) before any event arrives.
    public convenience init(building build: (UIApplication) throws -> Void) throws {
        try self.init { application in
            try build(application)
            return SceneApp(application: application, responders: [:])
        }
    }

    private init(load: (UIApplication) throws -> SceneApp) throws {
        let clock = ManualClock()
        self.clock = clock
        scene = try load(UIApplication(runLoop: EventRunLoop(clock: clock)))
        let port = try InProcessPort<HIDMessage>()
        self.port = port
        scene.application.eventFetcher.addSource(port: port.port) { receive in
            while let message = port.receive() { receive(message) }
        }
    }

    /// Feeds `inputs` in order, each at its time, then lets the app run `settle` nanoseconds more so timers
    /// started by the last input (a tap recognizer waiting for a second tap) fire. Returns the trace.
    @discardableResult
    public func run(_ inputs: [TimedHIDPayload], settle: UInt64 = 1_000_000_000) -> [Trace.Line] {
        for input in inputs { feed(input.payload, at: input.time) }
        let end = max(clock.now, inputs.last?.time ?? 0)
        application.advanceMainLoop(to: end &+ settle)
        return trace
    }

    /// Advances the clock to `time` (firing due timers on the way; a time in the past does not move it),
    /// posts one HID message stamped with that hardware time and runs the loop until the app is idle.
    public func feed(_ payload: HIDPayload, at time: UInt64) {
        // In the app's current mode (UITrackingRunLoopMode while a scroll view is dragged), as GSEventRunModal.
        application.advanceMainLoop(to: time)
        application.display?.keepsFrames = true
        let envelope = HIDEnvelope(
            kind: payload.kind, sequence: nextSequence, senderID: Self.senderID,
            timestamps: HIDHopTimestamps(hardware: time))
        nextSequence += 1
        onPost?(envelope.sequence, time, payload)
        port.send(HIDMessage(envelope: envelope, payload: payload))
        application.runMainLoopUntilIdle()
    }
}
