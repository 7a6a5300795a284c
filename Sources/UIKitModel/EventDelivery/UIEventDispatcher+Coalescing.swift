import HIDEvent

// UIKit's coalescing of queued touches (pipeline.md, "Coalescing, concretely"; Apple's "Getting high-fidelity
// input with coalesced touches"): when moves arrive faster than the main thread handles them, UIKit does not
// send one event per digitizer sample. The moves waiting in the queue become one `touchesMoved` with the
// newest position, and every sample in between is kept for `UIEvent.coalescedTouches(for:)`. A began, an
// ended or a cancelled is never folded, so every phase change still gets its own event, in order.
extension UIEventDispatcher {
    /// Folds `converting[index]` into `converting[index + 1]` when both only move (or keep still) fingers the
    /// app already follows, the same fingers in the same order from the same sender. The later message
    /// becomes the one delivered: the earlier one and its own samples go in front of its samples, and a
    /// finger that moved in the earlier one is marked moved in it. Returns false, changing nothing, otherwise.
    /// `olderChecked`: the earlier one was the later one of a fold just made, so its fingers are known to be
    /// moves of touches UIKit follows (and the later one's, being the same fingers, are followed too).
    func foldQueuedMove(at index: Int, olderChecked: Bool) -> Bool {
        // Only the fingers and the parent's phase are read to decide (not the whole frames: copying a frame out of
        // the queue is a memmove and a retain, and this runs for nearly every frame an app under load receives).
        guard converting[index].message.envelope.senderID == converting[index + 1].message.envelope.senderID,
            let (olderPhase, olderFingers) = converting[index].message.payload.digitizerPhaseAndFingers,
            let (newerPhase, newerFingers) = converting[index + 1].message.payload.digitizerPhaseAndFingers,
            olderFingers.count == newerFingers.count
        else { return false }
        var carries = !newerPhase.isSuperset(of: olderPhase)
        for i in olderFingers.indices {
            let a = olderFingers[i], b = newerFingers[i]
            guard a.transducerIndex == b.transducerIndex, a.depth == b.depth else { return false }
            guard a.depth > 0 else { continue }
            guard olderChecked || isMoveOfTrackedTouch(a), isMove(b) else { return false }
            if !b.phase.isSuperset(of: a.phase) || !b.eventMask.isSuperset(of: a.eventMask) { carries = true }
        }
        // Nothing began or ended between the two, so the touches the newer frame finds are the same. Usually both
        // moved the same fingers and there is nothing to carry (and the frame is not copied).
        if carries,
            case .digitizer(let older) = converting[index].message.payload,
            case .digitizer(let newer) = converting[index + 1].message.payload
        {
            var merged = newer
            for i in merged.children.indices {
                merged.children[i].phase.formUnion(older.children[i].phase)
                merged.children[i].eventMask.formUnion(older.children[i].eventMask)
            }
            merged.parent.phase.formUnion(older.parent.phase)
            merged.parent.eventMask.formUnion(older.parent.eventMask)
            converting[index + 1].message.payload = .digitizer(merged)
        }

        var samples: [HIDMessage] = []
        swap(&samples, &converting[index].coalesced)  // unique, so appending does not copy
        samples.append(converting[index].message)
        samples.append(contentsOf: converting[index + 1].coalesced)
        converting[index + 1].coalesced = samples
        return true
    }

    /// A finger whose phase in its frame would be moved or stationary for a touch UIKit already follows.
    private func isMoveOfTrackedTouch(_ finger: HIDDigitizerEvent) -> Bool {
        touchesByTransducer[finger.transducerIndex] != nil && isMove(finger)
    }

    /// Moved or stationary, were UIKit following the finger.
    private func isMove(_ finger: HIDDigitizerEvent) -> Bool {
        guard let phase = UITouch.Phase(hidFinger: finger, isTracked: true) else { return false }
        return phase == .moved || phase == .stationary
    }
}

extension HIDPayload {
    /// A digitizer frame's parent phase and its fingers (the array shared, not copied), nil for other payloads.
    @inline(__always) var digitizerPhaseAndFingers: (HIDDigitizerPhase, [HIDDigitizerEvent])? {
        guard case .digitizer(let frame) = self else { return nil }
        return (frame.parent.phase, frame.children)
    }
}
