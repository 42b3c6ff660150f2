/// The adapter's load lifecycle as an explicit state machine: at most one load running
/// and one pending, so any burst of invalidations costs at most two more loads.
///
/// Event methods return the action the owner must perform; the owner (the adapter's
/// core, on its private queue) performs it. Pure value type: no queues, no I/O.
struct LoadCycle: Sendable, Equatable {
    enum Phase: Sendable, Equatable {
        /// No load is running.
        case idle
        /// Load `id` is running; `pending` records an invalidation that arrived meanwhile.
        case loading(id: Int, pending: Bool)
    }

    /// What the owner must do after an event.
    enum Action: Sendable, Equatable {
        case none
        /// Start load `id` against the current source.
        case startLoad(id: Int)
    }

    /// What the owner must do with a load's outcome.
    enum Outcome: Sendable, Equatable {
        /// The load is stale (timed out, or superseded by a transition): drop its result.
        case ignore
        /// Use the result, then perform `then`.
        case accept(then: Action)
    }

    private(set) var phase = Phase.idle
    private var lastLoadID = 0

    /// The source changed its data.
    mutating func invalidate() -> Action {
        switch phase {
        case .idle:
            return start()
        case .loading(let id, _):
            phase = .loading(id: id, pending: true)
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
        phase = .idle
        return .accept(then: pending ? start() : .none)
    }

    private mutating func start() -> Action {
        lastLoadID += 1
        phase = .loading(id: lastLoadID, pending: false)
        return .startLoad(id: lastLoadID)
    }
}
