/// How long rows stay `… loading` on screen: from the first frame that draws a row as a
/// placeholder to the first frame that draws its payload, as the user sees it. A row that
/// leaves the screen (scrolled away, deleted) still loading is forgotten, not counted.
///
/// The browser starts over when the writer is switched on (`w`), so the figure answers
/// "do rows that appear under a writer fill in as fast as a fetch takes?".
///
/// A value type; the browser uses it on the main queue.
struct FillTimes {
    private var since: [String: ContinuousClock.Instant] = [:]
    private var drawn: Set<String> = []
    /// The longest a row waited, among rows that filled in since the last ``reset()``.
    private(set) var slowest: Duration?
    /// How many rows filled in since the last ``reset()``.
    private(set) var filled = 0

    /// Starts a frame: rows drawn from now on are this frame's.
    mutating func beginFrame() {
        drawn.removeAll(keepingCapacity: true)
    }

    /// Records a row drawn as a placeholder at `now` (its wait starts at its first such frame).
    mutating func drewPlaceholder(_ id: String, at now: ContinuousClock.Instant) {
        drawn.insert(id)
        if since[id] == nil { since[id] = now }
    }

    /// Records a row drawn with its payload at `now`: if it was waiting, its wait ends.
    mutating func drewPayload(_ id: String, at now: ContinuousClock.Instant) {
        guard let start = since.removeValue(forKey: id) else { return }
        filled += 1
        slowest = max(slowest ?? .zero, now - start)
    }

    /// Ends a frame: rows that waited but were not drawn in it are forgotten.
    mutating func endFrame() {
        since = since.filter { drawn.contains($0.key) }
    }

    /// Forgets every wait and figure.
    mutating func reset() {
        self = FillTimes()
    }
}
