public import ListAdapter

/// Records a `ListViewAdapter`'s events on the main actor and lets a test
/// await a condition over them without sleeping: every new event re-checks the waiting
/// conditions.
///
/// ```swift
/// let recorder = ListEventRecorder<Int64, Int64>()
/// let observation = adapter.observe { event in recorder.record(event) }
/// await recorder.wait { _ in recorder.batchCount == 1 }
/// ```
///
/// Main actor only (the adapter's default delivery queue).
@MainActor
public final class ListEventRecorder<ID: Hashable & Sendable, Summary: Equatable & Sendable> {
    /// A condition over the events recorded so far.
    public typealias Condition = ([ListEvent<ID, Summary>]) -> Bool

    /// Every event recorded, in order; with ``init(keepingLast:)``, the last ones only.
    public private(set) var events: [ListEvent<ID, Summary>] = []
    /// How many batches were recorded (every one, kept or not).
    public private(set) var batchCount = 0
    /// How many reloads were recorded (every one, kept or not).
    public private(set) var reloadCount = 0
    /// The last load state reported, if any.
    public private(set) var lastLoadState: ListLoadState?
    /// The most events ``events`` keeps, or `nil` for all.
    public let limit: Int?
    private var waiters: [Int: (condition: Condition, continuation: CheckedContinuation<Void, Never>)] = [:]
    private var nextWaiter = 0

    /// Creates an empty recorder that keeps every event.
    public init() {
        limit = nil
    }

    /// Creates an empty recorder that keeps only the last `limit` events in ``events``
    /// (at least one), for a long run: each batch event holds states of the list, so a
    /// recorder keeping all of them grows without bound (a 30-minute soak reached 500 MB).
    /// The counts and ``lastLoadState`` still cover every event.
    ///
    /// - Parameter limit: how many of the latest events ``events`` keeps; less than 1 counts as 1.
    public init(keepingLast limit: Int) {
        self.limit = max(1, limit)
    }

    /// Records `event` and wakes the waits it satisfies.
    ///
    /// - Parameter event: the adapter's event, as its observer received it.
    public func record(_ event: ListEvent<ID, Summary>) {
        switch event {
        case .batch: batchCount += 1
        case .reload: reloadCount += 1
        case .loadStateChanged(let state): lastLoadState = state
        default: break
        }
        events.append(event)
        // Dropped in runs of `limit`, so each event is moved at most once.
        if let limit, events.count >= 2 * limit { events.removeFirst(events.count - limit) }
        recheck()
    }

    /// Wakes the waits whose condition now holds (call it after changing what a
    /// condition reads).
    public func recheck() {
        for (key, waiter) in waiters where waiter.condition(events) {
            waiters[key] = nil
            waiter.continuation.resume()
        }
    }

    /// Returns once `condition` holds; returns `false` instead if the waiting task is
    /// cancelled first (for example by a test's time limit), so a broken expectation
    /// fails instead of hanging.
    ///
    /// - Parameter condition: checked against ``events`` now, after each recorded event and on each
    ///   ``recheck()``; called on the main actor.
    /// - Returns: `true` once `condition` holds; `false` when the task was cancelled first and
    ///   `condition` does not hold then.
    @discardableResult
    public func wait(until condition: @escaping Condition) async -> Bool {
        if condition(events) { return true }
        nextWaiter += 1
        let key = nextWaiter
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume()
                } else {
                    waiters[key] = (condition, continuation)
                }
            }
        } onCancel: {
            Task { @MainActor in self.cancelWaiter(key) }
        }
        return condition(events)
    }

    /// How many waits are registered and not yet woken (for tests of the waits themselves).
    package var waitingCount: Int { waiters.count }

    private func cancelWaiter(_ key: Int) {
        waiters.removeValue(forKey: key)?.continuation.resume()
    }
}
