public import ListAdapter

/// Records a ``ListAdapter/ListViewAdapter``'s events on the main actor and lets a test
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

    /// Every event recorded, in order.
    public private(set) var events: [ListEvent<ID, Summary>] = []
    private var waiters: [Int: (condition: Condition, continuation: CheckedContinuation<Void, Never>)] = [:]
    private var nextWaiter = 0

    /// Creates an empty recorder.
    public init() {}

    /// Records `event` and wakes the waits it satisfies.
    public func record(_ event: ListEvent<ID, Summary>) {
        events.append(event)
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

    /// How many batches were recorded.
    public var batchCount: Int {
        events.count { if case .batch = $0 { true } else { false } }
    }

    /// How many reloads were recorded.
    public var reloadCount: Int {
        events.count { if case .reload = $0 { true } else { false } }
    }

    /// The last load state reported, if any.
    public var lastLoadState: ListLoadState? {
        for event in events.reversed() {
            if case .loadStateChanged(let state) = event { return state }
        }
        return nil
    }
}
