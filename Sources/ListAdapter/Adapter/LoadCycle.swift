/// The adapter's load lifecycle as an explicit state machine: at most one load running
/// and one pending, so any burst of invalidations costs at most two more loads; and a
/// storm (invalidations still arriving while loads run) is served at most once per
/// coalescing interval, an interval that grows while the storm lasts.
///
/// An invalidation that finds the adapter idle loads at once, so an isolated change is
/// delivered with no added delay. Only a load during which more invalidations arrived is
/// followed by a cooling period, at the end of which the pending invalidations are
/// served by one load. Each cooling that follows another without the source going quiet
/// in between is one round further into the storm; the owner lengthens the interval with
/// the round (``Action/scheduleCoolingEnd(id:round:)``), so a storm that lasts a second
/// costs three loads rather than one every interval. The first load that finishes with
/// nothing pending ends the storm.
///
/// Event methods return the action the owner must perform; the owner (the adapter's
/// core, on its private queue) performs it. Pure value type: no queues, no I/O.
struct LoadCycle: Sendable, Equatable {
    enum Phase: Sendable, Equatable {
        /// No load is running.
        case idle
        /// Load `id` is running; `pending` records an invalidation that arrived meanwhile.
        case loading(id: Int, pending: Bool)
        /// A storm is being coalesced: invalidations are pending, and load when cooling
        /// `id` ends.
        case cooling(id: Int)
    }

    /// What the owner must do after an event.
    enum Action: Sendable, Equatable {
        case none
        /// Start load `id` against the current source.
        case startLoad(id: Int)
        /// Call ``coolingEnded(id:)`` once the coalescing interval for storm round `round`
        /// (0 for a storm's first cooling, then 1, 2, ...) has passed.
        case scheduleCoolingEnd(id: Int, round: Int)
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
    /// How many coolings the current storm has had; 0 when the source is quiet.
    private(set) var stormRound = 0
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
        case .cooling:
            return .none
        }
    }

    /// The source itself was replaced: whatever runs is for the old source, so abandon it
    /// and load now.
    mutating func restart() -> Action {
        stormRound = 0
        return start()
    }

    /// Load `id` completed (successfully or not) or timed out.
    mutating func finish(id: Int) -> Outcome {
        guard case .loading(let running, let pending) = phase, running == id else { return .ignore }
        guard pending else {
            phase = .idle
            stormRound = 0
            return .accept(then: .none)
        }
        guard coalescesStorms else { return .accept(then: start()) }
        lastID += 1
        phase = .cooling(id: lastID)
        defer { stormRound += 1 }
        return .accept(then: .scheduleCoolingEnd(id: lastID, round: stormRound))
    }

    /// The coalescing interval of cooling `id` has passed: serve what is pending.
    mutating func coolingEnded(id: Int) -> Action {
        guard case .cooling(let current) = phase, current == id else { return .none }
        return start()
    }

    private mutating func start() -> Action {
        lastID += 1
        phase = .loading(id: lastID, pending: false)
        return .startLoad(id: lastID)
    }
}
