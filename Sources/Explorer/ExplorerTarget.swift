import Foundation

/// What the server drives: a headless scene (or two side by side), or a live ensemble. Called on one thread
/// at a time (the server holds `ExplorerEngine`'s lock), never concurrently.
public protocol ExplorerTarget: AnyObject {
    /// `headless`, `side-by-side` or `live`.
    var mode: String { get }
    /// The greeting: the screens as they are now.
    func hello() -> ExplorerMessage
    /// Acts on one input; the reply is a `steps` message (possibly with no step), or a refusal thrown.
    func handle(_ input: ExplorerInput) throws(ExplorerRefusal) -> ExplorerMessage
    /// The screen size pointer events are bounded by.
    var screenSize: CGSize { get }
    /// Called every 100 ms while the server runs: live explorers send keep-alives for fingers held down.
    func tick()
    /// The server is stopping: live explorers lift their fingers (final end marker).
    func close()
    /// Messages the target has for every page without being asked (after `tick`): a live explorer's new
    /// foreground, and the app's trace records as they arrive.
    func updates() -> [ExplorerMessage]
}

extension ExplorerTarget {
    /// A headless scene changes only when the page sends something: it has nothing to say unasked.
    public func updates() -> [ExplorerMessage] { [] }
}

/// `app-host explore SCENE [--compare OTHER]`: one headless scene, or two that every input goes to, whose
/// steps are lined up (the indices of the steps whose traces differ are sent as `differences`).
public final class HeadlessSession: ExplorerTarget {
    let variants: [HeadlessExplorer]

    public init(scenes: [URL]) throws {
        precondition(!scenes.isEmpty && scenes.count <= 2)
        var names = scenes.map(\.lastPathComponent)
        if names.count == 2, names[0] == names[1] { names = scenes.map(\.path) }
        variants = try zip(scenes, names).map { try HeadlessExplorer(sceneURL: $0, name: $1) }
    }

    public var mode: String { variants.count == 2 ? "side-by-side" : "headless" }

    public var screenSize: CGSize {
        variants.map(\.screenSize).reduce(CGSize(width: CGFloat.infinity, height: CGFloat.infinity)) {
            CGSize(width: min($0.width, $1.width), height: min($0.height, $1.height))
        }
    }

    public func hello() -> ExplorerMessage {
        var message = ExplorerMessage(type: "hello")
        message.mode = mode
        message.screens = variants.map(\.screen)
        return message
    }

    public func handle(_ input: ExplorerInput) throws(ExplorerRefusal) -> ExplorerMessage {
        var perVariant: [[StepReport]] = []
        switch input {
        case .pointer(let pointer):
            for variant in variants { try variant.check(pointer) }
            for variant in variants { perVariant.append([try variant.pointer(pointer)]) }
        case .advance(let time):
            for variant in variants { perVariant.append([try variant.advance(to: time)]) }
            // Nothing fired anywhere: nothing to show.
            if perVariant.allSatisfy({ $0.allSatisfy(\.trace.isEmpty) }) { perVariant = perVariant.map { _ in [] } }
        case .play(let name, let text):
            do {
                for variant in variants { perVariant.append(try variant.play(name: name, text: text)) }
            } catch let refusal as ExplorerRefusal {
                throw refusal
            } catch {
                throw ExplorerRefusal(.badInput, "\(error)")
            }
        case .reset:
            do {
                for variant in variants { try variant.reset() }
            } catch {
                throw ExplorerRefusal(.badInput, "the scene no longer loads: \(error)")
            }
            var message = hello()
            message.type = "reset"
            return message
        }
        return Self.steps(perVariant, reset: { if case .play = input { return true } else { return false } }())
    }

    /// One `steps` message; side by side, the steps of both variants one after the other (each step's `variant`
    /// is its position) and the indices where their traces differ.
    static func steps(_ perVariant: [[StepReport]], reset: Bool) -> ExplorerMessage {
        var message = ExplorerMessage(type: reset ? "run" : "steps")
        message.variants = perVariant
        if perVariant.count == 2 {
            let (a, b) = (perVariant[0], perVariant[1])
            var differences: [Int] = []
            for i in 0..<max(a.count, b.count) {
                let left = i < a.count ? a[i].trace.map(\.text) : nil
                let right = i < b.count ? b[i].trace.map(\.text) : nil
                if left != right { differences.append((i < a.count ? a[i] : b[i]).index) }
            }
            message.differences = differences
        }
        return message
    }

    public func tick() {}
    public func close() {}
}
