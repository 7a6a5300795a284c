import AppScene
import Foundation
import GestureScript
import HIDEvent
import HeadlessApp
import TouchRecording
import UIKitModel

/// An app under test: a `UIApplication` on a manual clock, fed HID events in-process through the same
/// source1 → source0 → event queue → `sendEvent` path as the live app-host, with every record explained.
///
/// Build it in Swift (a key window of the screen's size, then add your own `UIView` and
/// `UIGestureRecognizer` subclasses) or from a scene file (with your classes registered in
/// `SceneClassRegistry`); play a gesture script or a recording; read what UIKit called:
///
/// ```swift
/// let app = TouchTestApp()
/// app.window.addSubview(WideHitView(frame: CGRect(x: 100, y: 100, width: 44, height: 44)))
/// let trace = try app.play("at 0 tap 95 95")
/// #expect(trace.lines == ["-[WideHitView touchesBegan:withEvent:]", "-[WideHitView touchesEnded:withEvent:]"])
/// ```
///
/// Time starts at 0 and moves only as the input says: the same input gives the same trace, every run.
public final class TouchTestApp {
    /// The headless runner underneath (the same one `app-host run` uses).
    public let runner: HeadlessAppRunner
    /// The application under test.
    public var application: UIApplication { runner.application }
    /// The window touches land in: the one made by `init(screen:)`, or the scene's key window.
    public let window: UIWindow
    /// What the scene file named, by id (empty for an app built in Swift).
    public var scene: SceneApp { runner.scene }
    /// Records before this index were read by an earlier `play` (or dropped by `resetTrace()`).
    private var consumed = 0

    /// An app built in Swift: one key window covering `screen` (an iPhone's 390×844 points by default) with a
    /// white background; add your views to `window`.
    public init(screen: CGRect = CGRect(x: 0, y: 0, width: 390, height: 844)) throws {
        var made: UIWindow?
        runner = try HeadlessAppRunner { application in
            let window = UIWindow(frame: screen)
            application.addWindow(window)
            window.makeKeyAndVisible()
            made = window
        }
        // `building` ran synchronously above.
        window = made ?? UIWindow(frame: screen)
        Self.prepare(runner.application)
    }

    /// An app from the text of a scene file (protocols/scene-format.md); `class:` may name the classes
    /// registered in `classes`.
    public init(sceneYAML: String, classes: SceneClassRegistry = .shared) throws {
        runner = try HeadlessAppRunner(sceneYAML: sceneYAML, loader: SceneLoader(classes: classes))
        window = try Self.keyWindow(of: runner.application)
        Self.prepare(runner.application)
    }

    /// An app from a scene file on disk.
    public init(sceneURL: URL, classes: SceneClassRegistry = .shared) throws {
        runner = try HeadlessAppRunner(sceneURL: sceneURL, loader: SceneLoader(classes: classes))
        window = try Self.keyWindow(of: runner.application)
        Self.prepare(runner.application)
    }

    /// Every record explained (results, reasons, event headers, recognizer transitions), so that one run
    /// answers `lines`, `explained` and `transitions` alike.
    private static func prepare(_ application: UIApplication) {
        application.trace.explains = true
    }

    private static func keyWindow(of application: UIApplication) throws -> UIWindow {
        guard let window = application.windows.first(where: { !$0.isHidden }) ?? application.windows.first else {
            throw TouchTestError("the scene has no window")
        }
        return window
    }

    // MARK: - Input

    /// Plays a gesture script (protocols/gesture-script.md), e.g. `"at 0 tap 100 200"` or several lines, then lets
    /// the app run one more second (timers a tap recognizer waits on fire). Returns what it recorded.
    @discardableResult
    public func play(_ script: String) throws -> TouchTrace {
        let parsed: GestureScript
        do {
            parsed = try GestureScript.parse(script)
        } catch {
            throw TouchTestError("gesture script: \(error)")
        }
        return try play(parsed)
    }

    /// Plays a parsed gesture script, its in-app steps (`sendActions`) included; a step the app cannot run (an
    /// id that is not a control) is an error before anything is played.
    @discardableResult
    public func play(_ script: GestureScript) throws -> TouchTrace {
        let problems = runner.problems(in: script)
        guard problems.isEmpty else {
            throw TouchTestError("the script cannot run in this app: \(problems.joined(separator: "; "))")
        }
        // The script's times count from now: a second play follows the first instead of going back in time.
        let start = runner.clock.now
        return record { runner.run(script, offset: start) }
    }

    /// Plays an evemu touchscreen recording (protocols/evemu-replay.md) placed on the window by `mapping`
    /// (by default stretched over the whole window).
    @discardableResult
    public func play(recording text: String, mapping: RecordingMapping? = nil) throws -> TouchTrace {
        let recording: EvemuRecording
        do {
            recording = try EvemuRecording(text: text)
        } catch {
            throw TouchTestError("recording: \(error)")
        }
        let placed = mapping ?? RecordingMapping(screen: window.bounds.size)
        let frames: [TimedHIDPayload]
        do {
            frames = try recording.timedPayloads(mapping: placed, offset: runner.clock.now)
        } catch {
            throw TouchTestError("recording: \(error)")
        }
        return record { runner.run(frames) }
    }

    /// HID frames of your own (`HIDEvent`'s digitizer payloads), each at its time on the app's clock.
    @discardableResult
    public func play(frames: [TimedHIDPayload]) -> TouchTrace {
        record { runner.run(frames) }
    }

    /// One tap at a window point, down for 0.05 s: `play("at 0 tap X Y")`.
    @discardableResult
    public func tap(_ x: Double, _ y: Double) throws -> TouchTrace {
        try play("at 0 tap \(x) \(y)")
    }

    // MARK: - The trace

    /// Everything recorded since the app was made (or since `resetTrace()`).
    public var trace: TouchTrace {
        TouchTrace(records: Array(application.trace.lines[min(consumed, application.trace.lines.count)...]))
    }

    /// Forgets what was recorded so far: `trace` starts again empty.
    public func resetTrace() {
        application.trace.removeAll()
        consumed = 0
    }

    private func record(_ body: () -> Void) -> TouchTrace {
        let before = application.trace.lines.count
        body()
        return TouchTrace(records: Array(application.trace.lines[before...]))
    }
}

/// What went wrong setting up a `TouchTestApp` or its input: a scene without a window, a script or recording
/// that does not parse.
public struct TouchTestError: Error, CustomStringConvertible, Equatable {
    /// What went wrong, in one line.
    public var description: String

    /// An error that says `description`.
    public init(_ description: String) { self.description = description }
}
