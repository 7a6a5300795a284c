import Dispatch
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// Turns POSIX signals into work on a run loop's thread. The handlers run on a dispatch queue, so they hold
/// only a `RunLoopSource0.Signaller`: `action` runs as a source0 of `runLoop` (in its common modes), on the
/// loop's thread, where the process's state lives. `onSignal`, if given, runs on the handlers' queue first,
/// for what cannot wait for the loop (a main thread blocked on purpose cannot stop itself).
public final class RunLoopSignalHandler {
    @exclusivity(unchecked)
    private var sources: [DispatchSourceSignal] = []

    /// Runs `action` on `runLoop` (a source0 named `name`, in the common modes) when one of `signals` arrives;
    /// `onSignal`, when given, runs at once on Dispatch's signal queue.
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

/// SIGINT/SIGTERM for a command that sends in a loop with no run loop (hid-source's players, hid-bench relay's
/// source): the loop stops between frames and still ends its run properly (a final end marker, a report).
/// Set from a signal handler, so a lock-free flag; one per process. Processes with a run loop use
/// `RunLoopSignalHandler`.
package enum Interruption {
    /// The signal received (0: none).
    private static let received = Atomic<Int32>(0)

    package static func install() {
        _ = received.load(ordering: .relaxed)  // initialized here, not lazily inside the handler
        for number in [SIGINT, SIGTERM] {
            signal(number) { number in Interruption.received.store(number, ordering: .relaxed) }
        }
    }

    package static var requested: Bool { received.load(ordering: .relaxed) != 0 }

    /// SIGINT or SIGTERM once one asked to stop (the latest), for an exit status of 128 + the signal.
    package static var receivedSignal: Int32? {
        let number = received.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }
}
