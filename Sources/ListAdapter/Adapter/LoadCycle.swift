/// The adapter's load lifecycle as an explicit state machine: at most one load running
/// and one pending, so any burst of invalidations costs at most two more loads; and a
/// storm (invalidations still arriving while loads run) is served at most once per
/// coalescing interval, an interval that grows while the storm lasts.
///
/// An invalidation that finds the adapter idle loads at once, so an isolated change is
/// delivered with no added delay. Only a load during which more invalidations arrived is
/// followed by a cooling period, at the end of which the pending invalidations are
/// served by one load. A storm is over only when the source stays quiet for a whole
/// cooling period after a load (settling); an invalidation while settling is served when
/// the period ends. Each cooling or settling period of one storm is one round further
/// into it, and the owner lengthens the period with the round
/// (``Action/scheduleCoolingEnd(id:round:)``), so a storm that lasts a second costs three
/// loads rather than one every interval.
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
        /// A storm's last load found nothing pending: the storm is over if nothing arrives
        /// before cooling `id` ends (an invalidation meanwhile turns this into cooling).
        case settling(id: Int)
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
        /// The load is stale (superseded by a later load or a transition), or its timeout
        /// came after it finished: drop its result.
        case ignore
        /// Use the result, then perform `then`.
        case accept(then: Action)
    }

    private(set) var phase = Phase.idle
    private var lastID = 0
    /// The last id issued (to a load or a cooling period): a load with a greater id starts
    /// after now.
    var lastIssuedID: Int { lastID }
    /// A load that ran past its time limit and may still finish: its result is still the
    /// newest word from the source until another load starts, so it is used when it comes.
    private(set) var overdue: Int?
    /// How many cooling or settling periods the current storm has had; 0 when the source
    /// is quiet.
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
        case .settling(let id):
            phase = .cooling(id: id)
            return .none
        }
    }

    /// The source itself was replaced: whatever runs is for the old source, so abandon it
    /// and load now.
    mutating func restart() -> Action {
        stormRound = 0
        return start()
    }

    /// Load `id` completed (successfully or not).
    mutating func finish(id: Int) -> Outcome {
        if overdue == id {
            // Late, but nothing newer started: the lifecycle moved on at the timeout.
            overdue = nil
            return .accept(then: .none)
        }
        guard case .loading(let running, let pending) = phase, running == id else { return .ignore }
        guard coalescesStorms else {
            if pending { return .accept(then: start()) }
            phase = .idle
            return .accept(then: .none)
        }
        guard pending || stormRound > 0 else {
            phase = .idle
            return .accept(then: .none)
        }
        lastID += 1
        phase = pending ? .cooling(id: lastID) : .settling(id: lastID)
        defer { stormRound += 1 }
        return .accept(then: .scheduleCoolingEnd(id: lastID, round: stormRound))
    }

    /// Load `id` ran past its time limit: the owner reports the timeout (the outcome's
    /// result) and the lifecycle moves on as if the load had finished. The load itself
    /// may still finish; ``finish(id:)`` accepts its result then unless another load has
    /// started since, so a slow source's list is late, never lost.
    mutating func timeOut(id: Int) -> Outcome {
        let outcome = finish(id: id)
        guard outcome != .ignore else { return .ignore }
        if case .loading = phase {} else { overdue = id }
        return outcome
    }

    /// The period of cooling (or settling) `id` has passed: serve what is pending, or end
    /// the storm.
    mutating func coolingEnded(id: Int) -> Action {
        switch phase {
        case .cooling(let current) where current == id:
            return start()
        case .settling(let current) where current == id:
            phase = .idle
            stormRound = 0
            return .none
        default:
            return .none
        }
    }

    private mutating func start() -> Action {
        overdue = nil
        lastID += 1
        phase = .loading(id: lastID, pending: false)
        return .startLoad(id: lastID)
    }
}
