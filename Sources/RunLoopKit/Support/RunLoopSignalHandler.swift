import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// Turns POSIX signals into work on a run loop's thread. The handlers run on a dispatch queue, so they hold
/// only a `RunLoopSource0.Signaller`: `action` runs as a source0 of `runLoop` (in its common modes), on the
/// loop's thread, where the process's state lives. `onSignal`, if given, runs on the handlers' queue first,
/// for what cannot wait for the loop (a main thread blocked on purpose cannot stop itself).
public final class RunLoopSignalHandler {
    private var sources: [DispatchSourceSignal] = []

    public init(
        signals: [Int32], on runLoop: EventRunLoop, name: String, onSignal: (@Sendable () -> Void)? = nil,
        action: @escaping () -> Void
    ) {
        let source0 = RunLoopSource0(name: name, perform: action)
        runLoop.add(source0, mode: .common)
        let signaller = source0.signaller(waking: runLoop)
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                onSignal?()
                signaller.signal()
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Stops listening (the signals stay ignored).
    public func cancel() {
        for source in sources { source.cancel() }
        sources.removeAll()
    }
}
