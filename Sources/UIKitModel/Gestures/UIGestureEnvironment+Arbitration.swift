extension UIGestureEnvironment {
    /// A recognizer set its `state`. During a frame the change waits until every recognizer has seen the
    /// frame; from a timer (or any other callout) it is applied at once.
    func recognizer(_ recognizer: UIGestureRecognizer, didRequest state: UIGestureRecognizer.State) {
        // A recognizer driven by hand after its reset joins the active set, so it resets again when done.
        if !active.contains(where: { $0 === recognizer }) { active.append(recognizer) }
        requests.append((recognizer, state))
        if !pass.isDeliveringTouches { settleAfterCallout() }
    }

    /// Applies queued state changes in order; changes asked for while applying (an action that sets another
    /// recognizer's state) join the queue. Held deliveries are released only once the queue is empty, so a
    /// recognizer recognizing in the same frame as another one fails still takes the touches first (a quick
    /// tap on a scroll view's content, with a tap recognizer above: the content never sees it).
    func applyRequests() {
        guard !pass.isApplyingChanges else { return }
        let enclosing = pass
        pass = .applyingChanges(releaseNeeded: false)
        defer { pass = enclosing }
        repeat {
            while !requests.isEmpty {
                let (recognizer, state) = requests.removeFirst()
                apply(state, to: recognizer)
            }
            if pass == .applyingChanges(releaseNeeded: true) {
                pass = .applyingChanges(releaseNeeded: false)
                releaseHeldDeliveries()
            }
        } while !requests.isEmpty || pass == .applyingChanges(releaseNeeded: true)
    }

    /// A recognizer left possible (began, recognized or failed): held deliveries may be free once the queue
    /// is empty. Only arbitration calls it, always inside `applyRequests`.
    private func noteReleaseNeeded() {
        pass = .applyingChanges(releaseNeeded: true)
    }

    private func apply(_ state: UIGestureRecognizer.State, to recognizer: UIGestureRecognizer) {
        // A request overtaken by the environment (the recognizer was made to fail meanwhile) is dropped.
        guard !recognizer.machine.applied.isFinished else { return }
        let applied = recognizer.machine.applied
        switch state {
        case .began where applied == .possible, .ended where applied == .possible:
            attemptToBegin(recognizer, as: state)
        case .changed, .ended, .cancelled:
            guard applied.isInProgress else { return }
            // `state` keeps reading what the subclass set since (it may have moved on within the frame).
            recognizer.machine.apply(state, keepsRequest: true)
            recognizer.sendActions(reporting: state)
        case .failed:
            guard applied == .possible else { return }
            fail(recognizer)
        case .began, .possible:
            return
        }
    }

    /// Leaving possible (began, or recognized for a discrete gesture), in UIKit's order: wait for the
    /// recognizers this one requires to fail; ask `shouldBegin` (delegate, views); lose to a gesture already
    /// under way on the same touches; then win: the others still possible on these touches fail (unless
    /// simultaneous), actions are sent, the view's touches are cancelled, dependents are resolved.
    func attemptToBegin(_ recognizer: UIGestureRecognizer, as state: UIGestureRecognizer.State) {
        if isWaitingForRequiredFailures(recognizer) {
            // UIKit: it stays possible (even though its own gesture is complete) until they fail.
            recognizer.machine.waitForFailures(wanting: state)
            return
        }
        recognizer.machine.stopWaiting()
        guard shouldBegin(recognizer), !isPrevented(recognizer) else {
            fail(recognizer)
            return
        }
        // The subclass may already have moved on within the same frame (began, then ended): keep what it set.
        recognizer.machine.apply(state, keepsRequest: requests.contains(where: { $0.recognizer === recognizer }))

        let excluded = active.filter { other in
            other !== recognizer && other.machine.applied == .possible && other.sharesTouches(with: recognizer)
                && !canRecognizeSimultaneously(recognizer, other)
                && recognizer.canPrevent(other) && other.canBePrevented(by: recognizer)
        }
        for other in excluded {
            other.noteTransitionCause("\(recognizer.traceLabel) recognized on the same touches")
            markFailed(other)
        }

        recognizer.sendActions(reporting: state)
        if recognizer.cancelsTouchesInView { cancelViewTouches(of: recognizer) }
        for other in excluded { resolveDependents(of: other, recognized: false) }
        resolveDependents(of: recognizer, recognized: true)
        noteReleaseNeeded()
    }

    func fail(_ recognizer: UIGestureRecognizer) {
        markFailed(recognizer)
        resolveDependents(of: recognizer, recognized: false)
        noteReleaseNeeded()
    }

    private func markFailed(_ recognizer: UIGestureRecognizer) {
        recognizer.machine.fail()
        requests.removeAll { $0.recognizer === recognizer }
    }

    /// Recognizers waiting for `other`: it recognized (or began) → they fail; it failed → those with no other
    /// requirement left possible try again.
    private func resolveDependents(of other: UIGestureRecognizer, recognized: Bool) {
        for dependent in active where dependent !== other && dependent.machine.wanted != nil {
            guard dependent.machine.wanted != nil, requires(dependent, toFail: other) else { continue }
            if recognized {
                dependent.noteTransitionCause("requires \(other.traceLabel) to fail, and it recognized")
                fail(dependent)
            } else if !isWaitingForRequiredFailures(dependent), let state = dependent.machine.wanted {
                attemptToBegin(dependent, as: state)
            }
        }
    }

    // MARK: The rules

    /// A required recognizer counts only while it is active, i.e. has received touches since its last reset
    /// (UIKit ignores a requirement on a recognizer that is not tracking anything).
    func isWaitingForRequiredFailures(_ recognizer: UIGestureRecognizer) -> Bool {
        active.contains { other in
            other !== recognizer && other.machine.applied == .possible && requires(recognizer, toFail: other)
        }
    }

    /// `require(toFail:)`, the subclass hooks, and both delegates' dynamic requirements.
    func requires(_ recognizer: UIGestureRecognizer, toFail other: UIGestureRecognizer) -> Bool {
        if recognizer.requiredToFail.contains(where: { $0.recognizer === other }) { return true }
        if recognizer.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: recognizer) { return true }
        if recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true { return true }
        return other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true
    }

    /// UIKit: the delegate's `gestureRecognizerShouldBegin(_:)`, then the views' own
    /// `gestureRecognizerShouldBegin(_:)` — the recognizer's view and the hit-tested view of each of its
    /// touches (a view may refuse recognizers attached to its ancestors, as UIControl and UISlider do).
    private func shouldBegin(_ recognizer: UIGestureRecognizer) -> Bool {
        if let delegate = recognizer.delegate, !delegate.gestureRecognizerShouldBegin(recognizer) {
            recognizer.noteTransitionCause("its delegate's gestureRecognizerShouldBegin: NO")
            return false
        }
        var asked: [UIView] = []
        if let view = recognizer.view {
            asked.append(view)
            if !view.gestureRecognizerShouldBegin(recognizer) {
                recognizer.noteTransitionCause("\(view.traceClassName) gestureRecognizerShouldBegin: NO")
                return false
            }
        }
        for touch in recognizer.touchHistory {
            guard let view = touch.view, !asked.contains(where: { $0 === view }) else { continue }
            asked.append(view)
            if !view.gestureRecognizerShouldBegin(recognizer) {
                recognizer.noteTransitionCause("\(view.traceClassName) gestureRecognizerShouldBegin: NO")
                return false
            }
        }
        return true
    }

    /// UIKit: a gesture already under way on the same touches prevents another from beginning, unless the
    /// two may recognize simultaneously. Among recognizers asking in the same frame, one that could prevent
    /// this one while this one could not prevent it goes first (a double tap beats the single tap recognizing
    /// on the same second lift).
    private func isPrevented(_ recognizer: UIGestureRecognizer) -> Bool {
        active.contains { other in
            guard other !== recognizer, other.sharesTouches(with: recognizer),
                other.canPrevent(recognizer), recognizer.canBePrevented(by: other),
                !canRecognizeSimultaneously(recognizer, other)
            else { return false }
            if other.machine.applied.isInProgress {
                recognizer.noteTransitionCause("\(other.traceLabel) is in progress on the same touches")
                return true
            }
            guard other.machine.isAskingToLeavePossible,
                !(recognizer.canPrevent(other) && other.canBePrevented(by: recognizer))
            else { return false }
            recognizer.noteTransitionCause("\(other.traceLabel) recognizes first in the same frame")
            return true
        }
    }

    /// UIKit asks both delegates; either yes is enough.
    func canRecognizeSimultaneously(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        if a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true { return true }
        return b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }
}
