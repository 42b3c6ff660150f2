/// Waiting at most a while for a condition that must still hold when the wait ends: the
/// soak's "after the changes settled" checks.
extension ListEventRecorder {
    /// Returns `true` once `condition` holds when the waiting task checks it, or `false`
    /// when `limit` passes first (or the calling task is cancelled).
    ///
    /// Like ``wait(until:)``, the condition is re-checked after every event recorded and
    /// every ``recheck()``. Unlike it, a condition that holds only for a moment does not end
    /// the wait. A recheck can run in the middle of a view's own work: a view reloading its
    /// cells configures them one by one, and a recheck made from the first configuration
    /// sees a view with no cells on screen yet, so "every visible cell is filled" holds
    /// there, although the view shows placeholders again once its layout completes. The
    /// woken task then finds the condition false; ``wait(until:)`` would return `false`,
    /// which a caller cannot tell from a time-out. Here the wait goes on instead, until the
    /// condition holds when the task checks it, or the limit.
    ///
    /// ```swift
    /// let filled = await recorder.wait(atMost: .seconds(15)) { _ in screens.unsettledCells(against: truth).isEmpty }
    /// ```
    ///
    /// The limit only bounds a failure: a condition that already holds returns at once, and
    /// one that comes to hold returns at the recheck that finds it. Main actor.
    package func wait(atMost limit: Duration, until condition: @escaping Condition) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        // Checked here, on the caller's task: `true` is returned with no suspension after it.
        while !condition(events) {
            if clock.now >= deadline || Task.isCancelled { return false }
            let waiter = Task { @MainActor in await self.wait(until: condition) }
            let timer = Task {
                try? await Task.sleep(until: deadline, clock: clock)
                waiter.cancel()
            }
            await withTaskCancellationHandler {
                _ = await waiter.value
            } onCancel: {
                waiter.cancel()
            }
            timer.cancel()
        }
        return true
    }
}
