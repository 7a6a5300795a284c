/// A version 1 source: a port and a callout the loop runs (step 8) when the port is readable.
///
/// Level-triggered, like the port: a callout that leaves messages unread is called again in a later
/// turn. CF services one woken port per turn (`mach_msg` receives one message); so does RunLoopKit.
public final class RunLoopSource1: RunLoopItem {
    let port: RunLoopPort
    /// Among source1s ready in the same wait, lower order is served first.
    let order: Int
    /// Shown in traces (`source1 fired <name>`).
    @exclusivity(unchecked)
    var name: String?
    let callout: () -> Void
    @exclusivity(unchecked)
    private(set) var isValid = true
    /// Not retained and not weak, as CF's (a source's `_runLoops` bag and a timer's `_runLoop` do not retain
    /// the loop): a weak reference gave the loop a side table, so every retain and release of it on the event
    /// path took the runtime's slow path. Removal and the loop's deinit clear it, so it never dangles.
    @exclusivity(unchecked)
    unowned(unsafe) var runLoop: EventRunLoop?
    var sortKey: Int { order }

    /// A source1 that runs `callout` when `port` is readable; lower `order` runs first.
    public init(port: RunLoopPort, order: Int = 0, name: String? = nil, callout: @escaping () -> Void) {
        self.port = port
        self.order = order
        self.name = name
        self.callout = callout
    }

    /// Removes the source from every mode of its loop; it never runs again. The port is not closed.
    func invalidate() {
        guard isValid else { return }
        isValid = false
        runLoop?.removeEverywhere(self)
    }
}
