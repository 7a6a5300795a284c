import ArgumentParser
import UIKitModel

/// The app's display (docs/event-delivery.md, "The display"), over the scene's `display:` key.
struct DisplayOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The app's display refresh rate (Hz, 1...1000; 60, or 120 for ProMotion).",
            discussion: "Events are held between vsyncs and delivered at the start of the next frame, moves "
                + "coalesced into one touchesMoved (their samples in coalescedTouches(for:)). Without it the scene's "
                + "`display:` key decides; a scene without one gets 60 Hz under `serve`, none under `run`."))
    var refreshRate: UInt32?

    @Option(name: .long, help: "Frames the render server takes after the first vsync that follows a commit (default 1).")
    var renderDelayFrames: UInt64?

    @Flag(
        name: .long,
        help: "No display: dispatch every event when it arrives (UIUpdateLink's low-latency role; raw-throughput runs).")
    var immediateDispatch = false

    func validate() throws {
        if let refreshRate, !(1...1000).contains(refreshRate) {
            throw ValidationError("--refresh-rate must be 1...1000 Hz, not \(refreshRate)")
        }
        if let renderDelayFrames, renderDelayFrames > 10 {
            throw ValidationError("--render-delay-frames must be 0...10, not \(renderDelayFrames)")
        }
        if immediateDispatch, refreshRate != nil || renderDelayFrames != nil {
            throw ValidationError("--immediate-dispatch takes no --refresh-rate or --render-delay-frames")
        }
    }

    /// `defaultRefreshHz`: the display a scene without a `display:` key gets when no option names one.
    func apply(to application: UIApplication, defaultRefreshHz: UInt32? = nil) {
        application.configureDisplay(
            refreshHz: refreshRate, renderDelayFrames: renderDelayFrames, immediate: immediateDispatch,
            defaultRefreshHz: defaultRefreshHz)
    }
}
