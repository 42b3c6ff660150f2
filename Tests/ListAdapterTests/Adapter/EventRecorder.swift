import ListAdapter
import Testing

/// Collects an adapter's events on the main queue and lets a test await a condition
/// over them, without sleeping: each new event re-checks the waiting conditions.
@MainActor
final class EventRecorder<ID: Hashable & Sendable, Summary: Equatable & Sendable> {
    typealias Condition = ([ListEvent<ID, Summary>]) -> Bool

    private(set) var events: [ListEvent<ID, Summary>] = []
    private var waiters: [Int: (condition: Condition, continuation: CheckedContinuation<Void, Never>)] = [:]
    private var nextWaiter = 0

    func record(_ event: ListEvent<ID, Summary>) {
        events.append(event)
        for (key, waiter) in waiters where waiter.condition(events) {
            waiters[key] = nil
            waiter.continuation.resume()
        }
    }

    /// Returns once `condition` holds over the events recorded so far. If the test's time
    /// limit cancels the wait first, it records an issue and returns, so a broken
    /// expectation fails the test instead of hanging the run.
    func wait(
        until condition: @escaping Condition,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        if condition(events) { return }
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
        if !condition(events) {
            Issue.record("gave up waiting after \(events.count) events", sourceLocation: sourceLocation)
        }
    }

    private func cancelWaiter(_ key: Int) {
        waiters.removeValue(forKey: key)?.continuation.resume()
    }

    var batchCount: Int {
        events.count { if case .batch = $0 { true } else { false } }
    }

    var reloadCount: Int {
        events.count { if case .reload = $0 { true } else { false } }
    }

    var lastLoadState: ListLoadState? {
        for event in events.reversed() {
            if case .loadStateChanged(let state) = event { return state }
        }
        return nil
    }
}
