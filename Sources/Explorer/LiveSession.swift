import Foundation
import HIDEvent
import UIKitModel

/// What is on a live ensemble's screen: springboard's foreground app with its scene file and trace file, or
/// the home screen (the control socket's `scene` reply, protocols/control.md, in the explorer's terms).
public struct LiveForeground: Equatable, Sendable {
    /// The foreground app; nil while the home screen shows.
    public var bundleID: String?
    public var displayName: String?
    /// Its registration's session (a relaunch makes a new one).
    public var session: UInt64?
    /// The scene file it runs (nil: springboard did not launch it, so its scene is not known).
    public var scenePath: String?
    /// Where the app writes its trace records (nil: not known, or not written).
    public var traceFile: String?
    /// The home screen while it shows.
    public var home: LiveHomeScreen?

    /// Everything given.
    public init(
        bundleID: String?, displayName: String? = nil, session: UInt64? = nil, scenePath: String? = nil,
        traceFile: String? = nil, home: LiveHomeScreen? = nil
    ) {
        self.bundleID = bundleID
        self.displayName = displayName
        self.session = session
        self.scenePath = scenePath
        self.traceFile = traceFile
        self.home = home
    }
}

/// springboard's home screen as it shows: its size and the icons of the page on screen.
public struct LiveHomeScreen: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public var page: Int
    public var pageCount: Int
    public var icons: [LiveHomeIcon]

    /// Everything given.
    public init(width: Double, height: Double, page: Int, pageCount: Int, icons: [LiveHomeIcon]) {
        self.width = width
        self.height = height
        self.page = page
        self.pageCount = pageCount
        self.icons = icons
    }
}

/// One icon of the home screen's page.
public struct LiveHomeIcon: Equatable, Sendable {
    public var bundleID: String
    public var displayName: String
    /// In screen points.
    public var frame: CGRect

    /// Everything given.
    public init(bundleID: String, displayName: String, frame: CGRect) {
        self.bundleID = bundleID
        self.displayName = displayName
        self.frame = frame
    }
}

/// What a live explorer needs of the ensemble: the hardware (HID frames on springboard's event port under the
/// explorer's own sender id, keep-alives, the final end marker) and the control socket's `scene`. `sbctl
/// explore` implements it over springboard's sockets, with hid-source's sending library.
public protocol LiveEnsemble: AnyObject {
    /// The sender id every frame of the browser carries.
    var senderID: UInt64 { get }
    /// Sends one HID frame as the hardware would; returns its envelope sequence.
    func send(_ payload: HIDPayload) throws -> UInt64
    /// Sends a keep-alive when fingers are down and nothing went out for the keep-alive interval.
    func keepAliveIfDue()
    /// Sends the final end marker (springboard cancels any finger left down).
    func finish()
    /// What springboard shows now.
    func foreground() throws -> LiveForeground
}

/// `sbctl explore`: the browser as the ensemble's touchscreen. Each pointer event becomes one digitizer frame
/// sent to springboard, which routes it (to its home screen or the foreground app) as it routes any source's;
/// the page draws the foreground (the app's scene, or the home screen's icons), follows it when it changes, and
/// shows, under the step of the frame that caused them, the app's own trace records read from its trace file
/// (matched by the HID event's envelope sequence, which the app stamps on each record).
public final class LiveSession: ExplorerTarget {
    private let ensemble: LiveEnsemble
    private(set) var current: LiveForeground
    /// The foreground app's scene as its file describes it: the screen drawn, and the hit-test path explained
    /// for a finger that lands (on the scene as loaded: the app's own trace says what it did).
    private var mirror: HeadlessExplorer?
    private var screenReport: ScreenReport
    private var screenNote: String
    private var tracker = FingerTracker(start: 0)
    private var stepCount = 0
    /// Envelope sequence → step, for the last frames sent (the trace records name their frame by it).
    private var stepOfSequence: [UInt64: Int] = [:]
    private var tail: TraceTail?
    private var pending: [ExplorerMessage] = []
    private var ticks = 0
    /// springboard did not answer `scene` at the last poll (said once on the page, not at every poll).
    private var unanswered = false
    /// Polls of `scene` are every this many ticks (100 ms each), and at the next tick after a finger lifts.
    static let pollTicks = 2

    /// Asks the ensemble what it shows now and draws it; throws when springboard does not answer.
    public init(ensemble: LiveEnsemble) throws {
        self.ensemble = ensemble
        current = try ensemble.foreground()
        (mirror, screenReport, screenNote) = Self.screen(for: current)
        tail = current.traceFile.map { TraceTail(path: $0) }
    }

    public var mode: String { "live" }

    public var screenSize: CGSize { CGSize(width: screenReport.width, height: screenReport.height) }

    public func hello() -> ExplorerMessage {
        var message = ExplorerMessage(type: "hello")
        message.mode = mode
        message.screens = [screenReport]
        message.note = screenNote
        return message
    }

    public func handle(_ input: ExplorerInput) throws(ExplorerRefusal) -> ExplorerMessage {
        switch input {
        case .pointer(let pointer):
            var message = ExplorerMessage(type: "steps")
            message.variants = [[try send(pointer)]]
            return message
        case .advance:
            // The live clock runs by itself: nothing to move.
            var message = ExplorerMessage(type: "steps")
            message.variants = [[]]
            return message
        case .play:
            throw ExplorerRefusal(
                .unavailable, "a live ensemble plays scripts and recordings through hid-source (hid-source play FILE)")
        case .reset:
            stepCount = 0
            stepOfSequence = [:]
            var message = hello()
            message.type = "reset"
            return message
        }
    }

    /// One pointer event: its frame sent to springboard, and the step that shows it.
    private func send(_ input: PointerInput) throws(ExplorerRefusal) -> StepReport {
        try tracker.check(input.time)
        var next = tracker
        let (frame, finger) = try next.frame(for: input)
        let time = try next.clockTime(input.time, floor: 0)
        let sequence: UInt64
        do { sequence = try ensemble.send(.digitizer(frame)) } catch {
            throw ExplorerRefusal(.unavailable, "springboard's event port did not take the frame: \(error)")
        }
        tracker = next
        let point = CGPoint(x: input.x, y: input.y)
        var fingers: [FingerReport] = []
        let destination: String
        if let home = current.home {
            let icon = home.icons.first { $0.frame.contains(point) }
            destination = "springboard's home screen" + (icon.map { ": the \($0.displayName) icon" } ?? "")
        } else {
            destination = current.displayName ?? current.bundleID ?? "the foreground app"
            if input.phase == .down, let mirror { fingers = [mirror.explain(finger: finger, at: point)] }
        }
        if input.phase == .up || input.phase == .cancel { ticks = -1 }  // look for a new foreground at the next tick
        let index = stepCount
        stepCount += 1
        stepOfSequence[sequence] = index
        if stepOfSequence.count > 4096 { stepOfSequence = stepOfSequence.filter { $0.value > index - 1024 } }
        var step = StepReport(
            index: index, time: time,
            input: "finger \(finger) \(input.phase.rawValue) \(Trace.Point(x: input.x, y: input.y).description)",
            fingers: fingers, trace: [], screen: nil)
        step.note = "frame #\(sequence) from sender \(ensemble.senderID) → \(destination)"
        return step
    }

    public func tick() {
        ensemble.keepAliveIfDue()
        ticks += 1
        if ticks >= Self.pollTicks || ticks == 0 {
            ticks = 0
            poll()
        }
        readTrace()
    }

    public func updates() -> [ExplorerMessage] {
        defer { pending = [] }
        return pending
    }

    public func close() { ensemble.finish() }

    // MARK: Following the foreground

    private func poll() {
        let now: LiveForeground
        do { now = try ensemble.foreground() } catch {
            if !unanswered {
                var message = ExplorerMessage(type: "note")
                message.note = "springboard did not answer `scene`: \(error)"
                pending.append(message)
            }
            unanswered = true
            return
        }
        unanswered = false
        guard now != current else { return }
        // The app's records still unread belong to the screen that goes.
        readTrace()
        current = now
        (mirror, screenReport, screenNote) = Self.screen(for: now)
        tail = now.traceFile.map { TraceTail(path: $0) }
        stepCount = 0
        stepOfSequence = [:]
        var message = hello()
        message.type = "foreground"
        pending.append(message)
    }

    /// The new records of the foreground app's trace, each under the step of the frame it was made for (a
    /// record made outside a dispatch, by a timer, goes with the latest step).
    private func readTrace() {
        guard let tail, stepCount > 0 else {
            _ = tail?.read()  // nothing to show them under: skipped
            return
        }
        var byStep: [Int: [TraceReport]] = [:]
        for line in tail.read() where line.app == nil || line.app == current.bundleID {
            let step = line.hidEvent.flatMap { stepOfSequence[$0] } ?? stepCount - 1
            byStep[step, default: []].append(TraceReport(line, view: mirror?.viewIndex(className: line.className)))
        }
        for (step, trace) in byStep.sorted(by: { $0.key < $1.key }) {
            var message = ExplorerMessage(type: "append")
            message.step = step
            message.trace = trace
            pending.append(message)
        }
    }

    /// The picture of what `foreground` shows, the scene mirror when it is an app's, and the line said above it.
    static func screen(for foreground: LiveForeground) -> (HeadlessExplorer?, ScreenReport, String) {
        if let home = foreground.home {
            return (
                nil, HomeScreenPicture.report(home),
                "springboard's home screen (page \(home.page + 1) of \(home.pageCount)): tap an icon to launch its app"
            )
        }
        let name = foreground.displayName ?? foreground.bundleID ?? "?"
        let traceNote =
            foreground.traceFile.map { "its trace: \($0)" } ?? "its trace file is not known (springboard did not launch it)"
        guard let path = foreground.scenePath else {
            return (
                nil, HomeScreenPicture.blank(title: name),
                "\(name) is in front; springboard did not launch it, so its scene is not known; \(traceNote)"
            )
        }
        do {
            let mirror = try HeadlessExplorer(sceneURL: URL(fileURLWithPath: path), name: name)
            return (mirror, mirror.screen, "\(name) (\(foreground.bundleID ?? "")) is in front: \(path); \(traceNote)")
        } catch {
            return (
                nil, HomeScreenPicture.blank(title: name), "\(name) is in front; its scene \(path) does not load here: \(error)"
            )
        }
    }
}

/// Follows an app's trace file (protocols/trace-record.md: appended to, one JSON record per line) from where it
/// ended when the explorer started looking: each read returns the complete records written since.
final class TraceTail {
    let path: String
    private var offset: UInt64
    private var partial = Data()
    /// At most this much is read per call (a burst's remainder comes at the next).
    static let chunk = 1 << 20

    init(path: String) {
        self.path = path
        offset = Self.size(path) ?? 0
    }

    static func size(_ path: String) -> UInt64? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.uint64Value
    }

    func read() -> [Trace.Line] {
        guard let size = Self.size(path) else { return [] }
        if size < offset {
            // A new file in its place (a new ensemble): read it from the start.
            offset = 0
            partial = Data()
        }
        guard size > offset, let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.read(upToCount: Self.chunk) else { return [] }
        offset += UInt64(data.count)
        partial.append(data)
        var lines: [Trace.Line] = []
        while let end = partial.firstIndex(of: UInt8(ascii: "\n")) {
            let bytes = partial[partial.startIndex..<end]
            partial.removeSubrange(partial.startIndex...end)
            // A process killed mid-write leaves an incomplete line, which a reader skips.
            if let line = try? Trace.Line(jsonLine: String(decoding: bytes, as: UTF8.self)) { lines.append(line) }
        }
        return lines
    }
}

/// The home screen as the page draws it: a wallpaper and the page's icons, each an outline the page can
/// highlight (`SBHomeScreenWindow`, then one `SBIconView` per icon).
enum HomeScreenPicture {
    static func report(_ home: LiveHomeScreen) -> ScreenReport {
        func n(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value) }
        var svg = [
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(n(home.width))" height="\#(n(home.height))" "#
                + #"viewBox="0 0 \#(n(home.width)) \#(n(home.height))" font-family="sans-serif" font-size="11">"#,
            #"<rect x="0" y="0" width="\#(n(home.width))" height="\#(n(home.height))" fill="rgb(38,70,120)"/>"#,
        ]
        let window = CGRect(x: 0, y: 0, width: home.width, height: home.height)
        var views = [box(0, label: "SBHomeScreenWindow", className: "SBHomeScreenWindow", id: nil, frame: window)]
        for (index, icon) in home.icons.enumerated() {
            let f = icon.frame
            svg.append(
                #"<rect x="\#(n(f.minX))" y="\#(n(f.minY))" width="\#(n(f.width))" height="\#(n(f.height))" rx="13" "#
                    + #"fill="rgb(245,245,247)" stroke="rgb(20,20,20)"/>"#)
            svg.append(
                #"<text x="\#(n(f.midX))" y="\#(n(f.midY + 9))" text-anchor="middle" font-size="26" "#
                    + #"fill="rgb(38,70,120)">\#(escape(String(icon.displayName.prefix(1))))</text>"#)
            svg.append(
                #"<text x="\#(n(f.midX))" y="\#(n(f.maxY + 15))" text-anchor="middle" fill="white">\#(escape(icon.displayName))</text>"#
            )
            views.append(
                box(index + 1, label: "SBIconView #\(icon.bundleID)", className: "SBIconView", id: icon.bundleID, frame: f))
        }
        svg.append("</svg>")
        return ScreenReport(
            title: "SpringBoard home screen", width: home.width, height: home.height, svg: svg.joined(separator: "\n"),
            views: views)
    }

    /// An empty screen named `title`, when the scene is not known.
    static func blank(title: String) -> ScreenReport {
        let svg =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="390" height="844" viewBox="0 0 390 844">"#
            + #"<rect x="0" y="0" width="390" height="844" fill="rgb(240,240,240)"/></svg>"#
        return ScreenReport(title: title, width: 390, height: 844, svg: svg, views: [])
    }

    static func box(_ index: Int, label: String, className: String, id: String?, frame f: CGRect) -> ViewBox {
        ViewBox(
            index: index, label: label, className: className, id: id,
            corners: [[f.minX, f.minY], [f.maxX, f.minY], [f.maxX, f.maxY], [f.minX, f.maxY]].map { $0.map(Double.init) },
            hidden: false, interactive: true, alpha: 1, recognizers: [])
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
