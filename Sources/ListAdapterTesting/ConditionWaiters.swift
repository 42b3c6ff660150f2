import ListAdapter

/// Tasks waiting until a condition on some state holds: the owner of the state calls
/// ``recheck()`` after each change, and a wait also ends when its task is cancelled (for
/// example by a test's time limit), so a broken expectation fails instead of hanging.
///
/// The conditions read the owner's state through the owner's own lock; a wait checks its
/// condition and registers under this object's lock, and ``recheck()`` takes the same
/// lock, so a change made before ``recheck()`` is never missed.
///
/// Any thread. Not public: for this package's test sources.
package final class ConditionWaiters: Sendable {
    private struct Waiter {
        let condition: @Sendable () -> Bool
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var next = 0
        var waiting: [Int: Waiter] = [:]
    }

    private let state = Guarded(State())

    package init() {}

    /// Returns once `condition` holds, or once the waiting task is cancelled.
    package func wait(until condition: @escaping @Sendable () -> Bool) async {
        let key = state.withLock { state in
            state.next += 1
            return state.next
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state in
                    if Task.isCancelled || condition() { return true }
                    state.waiting[key] = Waiter(condition: condition, continuation: continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiting.removeValue(forKey: key) }?.continuation.resume()
        }
    }

    /// Wakes the waits whose condition now holds; call it after changing what they read.
    package func recheck() {
        let ready = state.withLock { state in
            let ready = state.waiting.filter { $0.value.condition() }
            for key in ready.keys { state.waiting[key] = nil }
            return ready.values.map(\.continuation)
        }
        for continuation in ready { continuation.resume() }
    }
}
