import GestureScript
import HIDEvent
import UIKitModel

extension HeadlessAppRunner {
    /// Plays a gesture script: every scripted frame at its time (see `run(_:settle:)`), and its in-app steps
    /// (`sendActions`) at theirs, after the frames of the same time. The script's times count from `offset`
    /// (a script played after another starts where the clock is, not back at 0).
    @discardableResult
    public func run(_ script: GestureScript, settle: UInt64 = 1_000_000_000, offset: UInt64 = 0) -> [Trace.Line] {
        let appSteps = script.appSteps.map { (time: $0.time &+ offset, control: $0.control, events: $0.events) }
        var steps = appSteps[...]
        let frames = script.frames().map { TimedHIDPayload(time: $0.time &+ offset, payload: $0.payload) }
        for input in frames {
            while let step = steps.first, step.time < input.time {
                perform(step)
                steps.removeFirst()
            }
            feed(input.payload, at: input.time)
        }
        for step in steps { perform(step) }
        let end = max(clock.now, frames.last?.time ?? 0, appSteps.last?.time ?? 0)
        application.advanceMainLoop(to: end &+ settle)
        return trace
    }

    /// Why the script's in-app steps cannot run in this scene (an id that is not a control, an unknown event
    /// name), or nil: checked before running so the error names the step.
    public func problems(in script: GestureScript) -> [String] {
        script.appSteps.compactMap { step in
            guard scene.view(step.control) is UIControl else {
                return "sendActions \(step.control): no control with that id in the scene"
            }
            let unknown = step.events.filter { UIControl.Event(name: $0) == nil }
            return unknown.isEmpty
                ? nil : "sendActions \(step.control): unknown control events \(unknown.joined(separator: ", "))"
        }
    }

    /// `sendActions(for:)` on the control at the step's time (the loop is idle there, as between two events).
    private func perform(_ step: (time: UInt64, control: String, events: [String])) {
        application.advanceMainLoop(to: step.time)
        guard let control = scene.view(step.control) as? UIControl else {
            application.trace.record("sendActions \(step.control): no control with that id in the scene")
            return
        }
        var events: UIControl.Event = []
        for name in step.events {
            guard let event = UIControl.Event(name: name) else {
                application.trace.record("sendActions \(step.control): unknown control event \(name)")
                return
            }
            events.formUnion(event)
        }
        control.sendActions(for: events)
        application.runMainLoopUntilIdle()
    }
}
