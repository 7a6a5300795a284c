import HIDEvent

extension GestureTimeline {
    /// What a finger does over the script: where it is at any time (its path, linear between the script's
    /// points), when it came down and when it lifted or was cancelled.
    private struct Track {
        var index: UInt32
        var contact: GestureContact
        var points: [(time: UInt64, point: GesturePoint)]
        var end: (time: UInt64, cancelled: Bool)?

        func position(at time: UInt64) -> GesturePoint {
            guard let after = points.firstIndex(where: { $0.time > time }) else { return points[points.count - 1].point }
            guard after > 0 else { return points[0].point }
            let a = points[after - 1], b = points[after]
            return a.point.interpolated(to: b.point, Float(Double(time - a.time) / Double(b.time - a.time)))
        }
    }

    /// The script as a real panel reports it (protocols/gesture-script.md, "Digitizer"): a scan every
    /// 1/rate s from `start`; a finger is first reported at the first scan after it touches, then at every
    /// scan where it is, with the settings' noise, as a move when that differs from its last report; it
    /// lifts (or is cancelled) at the first scan after it left the glass, never in the scan that reported it
    /// down, in a frame of its own with no movement. Buttons and motion keep their script times.
    func digitized(_ settings: DigitizerSettings, from start: UInt64) -> [TimedHIDPayload] {
        var tracks: [Track] = []
        var active: [UInt32: Int] = [:]
        var others: [TimedHIDPayload] = []
        for action in actions {
            switch action.kind {
            case .down(let p, let contact):
                active[action.finger] = tracks.count
                tracks.append(
                    Track(index: action.finger, contact: contact.over(settings.contact), points: [(action.time, p)], end: nil))
            case .move(let p):
                if let i = active[action.finger] { tracks[i].points.append((action.time, p)) }
            case .up, .cancel:
                guard let i = active.removeValue(forKey: action.finger) else { continue }
                if case .cancel = action.kind {
                    tracks[i].end = (action.time, true)
                } else {
                    tracks[i].end = (action.time, false)
                }
            case .other(let payload):
                others.append(TimedHIDPayload(time: action.time, payload: payload))
            }
        }
        // Per scan, per track: its change and where it is reported; each track's first and last scan.
        var scans: [UInt64: [Int: (HIDFingerChange, GesturePoint)]] = [:]
        var spans: [(first: UInt64, last: UInt64?)] = []
        var lastScanOf: [UInt32: UInt64] = [:]
        var random = SplitMix64(seed: settings.seed)
        for (i, track) in tracks.enumerated() {
            var first = settings.firstScan(atOrAfter: track.points[0].time, from: start)
            // A finger id used again comes down after the scan that lifted it.
            if let previous = lastScanOf[track.index] { first = max(first, previous + 1) }
            let last = track.end.map { max(settings.firstScan(atOrAfter: $0.time, from: start), first + 1) }
            var reported = settings.jittered(track.position(at: settings.scan(first, from: start)), &random)
            scans[first, default: [:]][i] = (.down, reported)
            var k = first + 1
            while last.map({ k < $0 }) ?? (settings.scan(k, from: start) <= track.points[track.points.count - 1].time) {
                let p = settings.jittered(track.position(at: settings.scan(k, from: start)), &random)
                scans[k, default: [:]][i] = (p == reported ? .stationary : .move, p)
                reported = p
                k += 1
            }
            if let last, let end = track.end {
                scans[last, default: [:]][i] = (end.cancelled ? .cancel : .up, reported)
                lastScanOf[track.index] = last
            }
            spans.append((first, last))
        }
        let byIndex = tracks.indices.sorted { tracks[$0].index < tracks[$1].index }
        var out: [TimedHIDPayload] = []
        for k in scans.keys.sorted() {
            guard let changes = scans[k], changes.values.contains(where: { $0.0 != .stationary }) else { continue }
            // Every finger on the glass at this scan, by transducerIndex; a stationary one where it was last.
            var fingers: [HIDDigitizerEvent] = []
            for i in byIndex where spans[i].first <= k && (spans[i].last.map { k <= $0 } ?? true) {
                let (change, point) = changes[i] ?? (.stationary, lastReported(i, before: k, scans))
                fingers.append(Self.finger(tracks[i].index, at: point, change, tracks[i].contact))
            }
            out.append(
                TimedHIDPayload(time: settings.scan(k, from: start), payload: .digitizer(HIDDigitizerFrame(fingers: fingers))))
        }
        return (out + others).enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    private func lastReported(
        _ index: Int, before k: UInt64, _ scans: [UInt64: [Int: (HIDFingerChange, GesturePoint)]]
    ) -> GesturePoint {
        var j = k
        while j > 0 {
            j -= 1
            if let entry = scans[j]?[index] { return entry.1 }
        }
        return GesturePoint(x: 0, y: 0)
    }
}

extension DigitizerSettings {
    /// `p` with up to `jitter` points of uniform noise on each axis (none when jitter is 0).
    fileprivate func jittered(_ p: GesturePoint, _ random: inout SplitMix64) -> GesturePoint {
        guard jitter > 0 else { return p }
        func noise() -> Float { (Float(random.next() >> 40) / Float(1 << 24) * 2 - 1) * jitter }
        return GesturePoint(x: p.x + noise(), y: p.y + noise())
    }
}
