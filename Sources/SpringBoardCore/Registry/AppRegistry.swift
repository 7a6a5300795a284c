/// Every app SpringBoard has seen, in home-screen order (the order they first appeared), and which one is in
/// the foreground.
package final class AppRegistry {
    @exclusivity(unchecked)
    private(set) var apps: [AppRecord] = []
    /// nil: the home screen is showing.
    @exclusivity(unchecked)
    private(set) var foreground: AppRecord?
    @exclusivity(unchecked)
    private var lastSession: UInt64 = 0
    /// The counters of records forgotten (`makeRoom`) since the counters were reset: still in the totals, and
    /// shown as one row, "(evicted N apps)", so the apps' rows keep adding up to the totals (control.md).
    @exclusivity(unchecked)
    private(set) var forgotten = AppCounters()
    /// Records forgotten since springboard started (a `reset` zeroes their counters, not this).
    @exclusivity(unchecked)
    private(set) var evictedCount = 0
    let windowCapacity: Int
    let outboundCapacity: Int
    let minimumWindow: Int
    /// Each app's `PresentRing` (events waiting for their frame).
    let presentRing: Int

    package init(
        windowCapacity: Int = 256, outboundCapacity: Int = 256, minimumWindow: Int = 32,
        presentRing: Int = PresentRing.defaultCapacity
    ) {
        self.presentRing = presentRing
        self.windowCapacity = windowCapacity
        self.outboundCapacity = outboundCapacity
        self.minimumWindow = minimumWindow
    }

    /// The record the connection `frame` registered (nil: it has not, or its record went to another).
    package func record(identity frame: UnsafeRawBufferPointer) -> AppRecord? {
        for app in apps where app.matches(identity: frame) { return app }
        return nil
    }

    /// Most records kept (registered or dead); the home screen shows at most this many icons.
    @exclusivity(unchecked)
    var capacity = 64

    /// Room for a record of `bundleID`: it has one, or there is space, or the oldest dead record is forgotten
    /// (its icon goes). False when every record is of a live app.
    func makeRoom(for bundleID: String) -> Bool {
        guard record(bundleID: bundleID) == nil, apps.count >= capacity else { return true }
        guard let dead = apps.firstIndex(where: { $0.isDead && $0 !== foreground }) else { return false }
        forgotten.add(apps[dead].counters)
        evictedCount += 1
        apps.remove(at: dead)
        return true
    }

    func record(bundleID: String) -> AppRecord? {
        apps.first { $0.bundleID == bundleID }
    }

    /// The record for `bundleID`, created (launching) if SpringBoard has not seen it before.
    package func recordCreating(bundleID: String) -> AppRecord {
        if let app = record(bundleID: bundleID) { return app }
        let app = AppRecord(
            bundleID: bundleID, windowCapacity: windowCapacity, outboundCapacity: outboundCapacity,
            minimumWindow: minimumWindow, presentRing: presentRing)
        apps.append(app)
        return app
    }

    /// Registers (or re-registers) an app and returns its record with a fresh session.
    @discardableResult
    package func register(
        bundleID: String, connection: [UInt8]? = nil, displayName: String, pid: UInt32, heartbeatInterval: UInt64, now: UInt64
    ) -> AppRecord {
        let app = recordCreating(bundleID: bundleID)
        lastSession += 1
        app.register(
            connection: connection ?? Array(bundleID.utf8), displayName: displayName, pid: pid,
            heartbeatInterval: heartbeatInterval, session: lastSession, now: now)
        return app
    }

    /// Sets the foreground app (nil = home screen). Returns the previous one when it changed.
    @discardableResult
    package func setForeground(_ app: AppRecord?) -> (changed: Bool, previous: AppRecord?) {
        let previous = foreground
        guard previous !== app else { return (false, previous) }
        foreground = app
        return (true, previous)
    }

    /// Every app's counters added up (records forgotten since the last reset included): springboard's
    /// all-apps figures, worked out when `stats` reads them.
    var totals: AppCounters {
        var sum = forgotten
        for app in apps { sum.add(app.counters) }
        return sum
    }

    /// `stats` with `reset`: every app's counters start again (the number of registrations is kept).
    func resetCounters() {
        forgotten = AppCounters()
        for app in apps {
            let registrations = app.counters.registrations
            app.counters = AppCounters()
            app.counters.registrations = registrations
            // Events still waiting for their frame are state, like the queues: tracked again from zero, so
            // `eventsTracked = eventsPresented + eventsOverwritten + eventsAbandoned + awaiting` holds after a reset.
            app.counters.present.eventsTracked = UInt64(app.presents.awaiting)
        }
    }

    package func state(of app: AppRecord) -> AppState { app.state(isForeground: app === foreground) }
}
