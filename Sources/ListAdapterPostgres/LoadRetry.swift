#if PostgreSQL
import ListAdapter

/// Has the adapter load again after a load of an attached source failed, waiting
/// `initial`, then twice as long after each further failure, up to `maximum`; a load that
/// succeeds ends the retries.
///
/// Without it a failure the watch does not see (a statement timeout, a `REVOKE` undone by a
/// `GRANT`, a lock that timed out) left the list behind until the next commit, which on a
/// quiet table, or on a followed one whose statistics the failed load had already used, may
/// never come.
///
/// Thread safety: `Sendable`; its state is guarded by a lock, its wait is a task.
final class LoadRetry: Sendable {
    private struct State {
        var failures = 0
        var waiting: Task<Void, Never>?
        var stopped = false
    }

    private let invalidation: ListInvalidation
    private let backoff: Backoff
    private let state = Guarded(State())

    init(invalidation: ListInvalidation, initial: Duration, maximum: Duration) {
        self.invalidation = invalidation
        self.backoff = Backoff(initial: initial, maximum: max(initial, maximum))
    }

    /// A load failed: invalidate after the next wait (replacing a wait already running).
    func loadFailed() {
        let invalidation = invalidation
        state.withLock { state in
            guard !state.stopped else { return }
            state.failures += 1
            let wait = backoff.delay(afterFailures: state.failures)
            state.waiting?.cancel()
            state.waiting = Task {
                try? await Task.sleep(for: wait)
                if !Task.isCancelled { invalidation.invalidate() }
            }
        }
    }

    /// A load succeeded: no retry is due, and the next failure waits `initial` again.
    func loadSucceeded() {
        state.withLock { state in
            state.failures = 0
            state.waiting?.cancel()
            state.waiting = nil
        }
    }

    /// The source was detached: no more retries.
    func stop() {
        state.withLock { state in
            state.stopped = true
            state.waiting?.cancel()
            state.waiting = nil
        }
    }
}
#endif
