/// The adapter's load lifecycle as an explicit state machine: at most one load running
/// and one pending, so any burst of invalidations costs at most two more loads; and a
/// storm (invalidations still arriving while loads run) is served at most once per
/// coalescing interval.
///
/// An invalidation that finds the adapter idle loads at once, so an isolated change is
/// delivered with no added delay. Only a load during which more invalidations arrived is
/// followed by a cooling period, at the end of which the pending invalidations are
/// served by one load.
///
/// Event methods return the action the owner must perform; the owner (the adapter's
/// core, on its private queue) performs it. Pure value type: no queues, no I/O.
struct LoadCycle: Sendable, Equatable {
    enum Phase: Sendable, Equatable {
        /// No load is running.
        case idle
        /// Load `id` is running; `pending` records an invalidation that arrived meanwhile.
        case loading(id: Int, pending: Bool)
        /// A storm is being coalesced: no load until cooling `id` ends.
        case cooling(id: Int, pending: Bool)
    }

    /// What the owner must do after an event.
    enum Action: Sendable, Equatable {
        case none
        /// Start load `id` against the current source.
        case startLoad(id: Int)
        /// Call ``coolingEnded(id:)`` once the coalescing interval has passed.
        case scheduleCoolingEnd(id: Int)
    }

    /// What the owner must do with a load's outcome.
    enum Outcome: Sendable, Equatable {
        /// The load is stale (timed out, or superseded by a transition): drop its result.
        case ignore
        /// Use the result, then perform `then`.
        case accept(then: Action)
    }

    private(set) var phase = Phase.idle
    private var lastID = 0
    /// Whether storms are coalesced (a positive coalescing interval).
    let coalescesStorms: Bool

    init(coalescesStorms: Bool = true) {
        self.coalescesStorms = coalescesStorms
    }

    /// The source changed its data.
    mutating func invalidate() -> Action {
        switch phase {
        case .idle:
            return start()
        case .loading(let id, _):
            phase = .loading(id: id, pending: true)
            return .none
        case .cooling(let id, _):
            phase = .cooling(id: id, pending: true)
            return .none
        }
    }

    /// The source itself was replaced: whatever runs is for the old source, so abandon it
    /// and load now.
    mutating func restart() -> Action {
        start()
    }

    /// Load `id` completed (successfully or not) or timed out.
    mutating func finish(id: Int) -> Outcome {
        guard case .loading(let running, let pending) = phase, running == id else { return .ignore }
        guard pending else {
            phase = .idle
            return .accept(then: .none)
        }
        guard coalescesStorms else { return .accept(then: start()) }
        lastID += 1
        phase = .cooling(id: lastID, pending: true)
        return .accept(then: .scheduleCoolingEnd(id: lastID))
    }

    /// The coalescing interval of cooling `id` has passed.
    mutating func coolingEnded(id: Int) -> Action {
        guard case .cooling(let current, let pending) = phase, current == id else { return .none }
        if pending { return start() }
        phase = .idle
        return .none
    }

    private mutating func start() -> Action {
        lastID += 1
        phase = .loading(id: lastID, pending: false)
        return .startLoad(id: lastID)
    }
}
