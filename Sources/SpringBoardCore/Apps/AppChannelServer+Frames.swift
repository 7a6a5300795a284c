import AppChannel

// The display side of the app channel: every acknowledged event waits in its app's `PresentRing` until the
// `frames` message of the frame that first shows it (protocols/app-channel.md, `frames`), which stamps it
// presented and times touch-to-present: the HID `hardware` stamp → the vsync that put that frame on screen, the
// figure Android's input metrics end with (`END_TO_END`) and Perfetto's `end_to_end_latency_dur`.
extension AppChannelServer {
    /// An acknowledged event (`stamps`: nil when the ack carrying them was lost) joins its app's ring, and the
    /// ensemble trace while one is recorded.
    @inline(__always) func track(_ sent: AckWindow.Entry, of app: AppRecord, stamps: AcksMessage.Entry?, ackedAt time: UInt64) {
        let traceIndex =
            trace.isRecording ? trace.event(sent, of: app, stamps: stamps, ackedAt: time) : EnsembleTraceRecorder.none
        app.counters.present.eventsTracked &+= 1
        let overwritten = app.presents.add(
            PresentRing.Entry(sequence: sent.sequence, hardware: sent.hardware, kind: sent.kind, traceIndex: traceIndex))
        guard overwritten else { return }
        app.counters.present.eventsOverwritten &+= 1
        // An app that sends no `frames` overwrites every event: only an app that presents is told about it.
        if app.presentsFrames {
            let capacity = app.presents.capacity
            log.limited(
                "\(app.bundleID): an event acknowledged \(capacity) events ago was never presented (its ring slot is reused)")
        }
    }

    /// A `frames` from a registered app: each sequence it names is stamped presented; one the ring does not hold
    /// is counted (`sequencesUnknown`) and said in a (rate-limited) line, never an error to the app: its frame
    /// still counts.
    func present(_ message: FramesMessage, from app: AppRecord) {
        // A frame showing more than 4096 sequences comes as several messages with the same `frame`
        // (protocols/app-channel.md): it is one frame presented, and its `missed` is said once.
        if message.frame != app.lastPresentedFrame {
            app.counters.present.framesPresented &+= 1
            app.counters.present.framesMissed &+= UInt64(message.missed)
            app.lastPresentedFrame = message.frame
        }
        app.refreshHz = message.refreshHz
        let frameIndex = trace.isRecording ? trace.frame(message, of: app) : nil
        var unknown: UInt64 = 0
        var firstMiss: (sequence: UInt64, miss: PresentRing.Miss)?
        var sequence = message.firstSequence
        for _ in 0..<message.count {
            switch app.presents.take(sequence) {
            case .success(let entry):
                app.counters.present.eventsPresented &+= 1
                // The app's present is on the acks' clock: comparable with the source's stamp on one host only.
                if sharedClock {
                    app.counters.present.touchToPresent.record(entry.kind, hardware: entry.hardware, presented: message.presented)
                }
                if let frameIndex { trace.presented(entry.traceIndex, sequence: sequence, of: app, by: frameIndex) }
            case .failure(let error):
                unknown &+= 1
                if firstMiss == nil { firstMiss = (sequence, error.miss) }
            }
            sequence &+= 1
        }
        guard let firstMiss else { return }
        app.counters.present.sequencesUnknown &+= unknown
        log.limited(
            "\(app.bundleID): frames \(message.frame) names \(unknown) delivery sequence(s) not waiting for a frame "
                + "(first: \(firstMiss.sequence), \(firstMiss.miss.rawValue))")
    }

    /// A `frames` that did not decode: counted on its app (when the connection registered one) and answered
    /// `error malformed`, like any bad message.
    func refuseFrames(_ error: AppChannelError, from app: AppRecord?) {
        if let app, app.isRegistered { app.counters.present.framesMalformed &+= 1 }
        log.limited("\(app?.bundleID ?? "unregistered connection"): malformed frames: \(error)")
        replyError(.malformed, "\(error)")
    }
}
