extension ListViewAdapter {
    /// Applies a delivery to the delivery-queue state and tells observers. Each batch's
    /// `after` state becomes the adapter's answer exactly when the batch is handed over.
    ///
    /// Delivery queue. - Complexity: O(size of the change) plus the observers' work.
    func apply(_ delivery: Delivery) {
        assertOnDeliveryQueue()
        // The caller's own code: not a delivery of the adapter's, so not timed as one.
        if case .transitionShown(let shown) = delivery { return shown() }
        let clock = ContinuousClock()
        let start = clock.now
        let cpuStart = ThreadCPUClock.now
        defer {
            // The CPU interval nested in the wall one (read last, first), so it is no longer.
            delivered.lastDeliveryCPUDuration = ThreadCPUClock.now - cpuStart
            delivered.lastDeliveryDuration = clock.now - start
            delivered.completedDeliveries += 1
        }
        switch delivery {
        case .reload(_, _, _, let epoch), .update(_, _, _, _, _, let epoch):
            // Computed before the person's latest edit, against a list the view no longer
            // shows: the private queue sends the list again, against the edited one.
            if epoch != delivered.editEpoch { return }
        default:
            break
        }
        switch delivery {
        case .reload(let snapshot, let state, let reason, _):
            releaseOffDeliveryQueue(delivered.presented)
            delivered.presented = snapshot
            dropStalePayloads(keepingOnly: snapshot)
            pruneSelection()
            notify(.reload(snapshot))
            updateLoadState(state)
            deliveryDidApply(reason: reason)
        case .update(let update, let state, let reason, let computeDuration, let patched, _):
            for (index, batch) in update.batches.enumerated() {
                if index == 0 {
                    dropPayloads(changedBy: update.changes, from: delivered.presented, to: update.batches[update.batches.count - 1].after)
                }
                // A patched list shares its storage with the one it replaces: releasing that
                // one here costs a few reference counts, less than waking the private queue.
                if !patched { releaseOffDeliveryQueue(delivered.presented) }
                delivered.presented = batch.after
                let info = ListChangeInfo(
                    changes: update.changes, reason: reason, batchIndex: index,
                    batchCount: update.batches.count, computeDuration: computeDuration
                )
                notify(.batch(batch, info), orReloadFrom: batch.after)
            }
            pruneSelection()
            updateLoadState(state)
            deliveryDidApply(reason: reason)
        case .loadState(let state):
            updateLoadState(state)
            if case .failed = state { loadDidFail() }
        case .duplicates(let duplicates):
            notify(.duplicateIdentifiers(duplicates))
        case .editEnded(let result):
            delivered.pendingEdits -= 1
            notify(.editEnded(result))
        case .transitionShown:
            break                                   // handled above, untimed
        }
    }

    /// Hands the list being replaced to the private queue, so that freeing its storage
    /// (megabytes at a million items) never stalls the delivery queue.
    func releaseOffDeliveryQueue(_ snapshot: ListSnapshot<ID, Summary>) {
        queue.async { withExtendedLifetime(snapshot) {} }
    }

    private static func failureChanged(from old: ListLoadState, to new: ListLoadState) -> Bool {
        guard case .failed(let before) = old, case .failed(let after) = new else { return false }
        return "\(before)" != "\(after)"
    }

    private func updateLoadState(_ state: ListLoadState) {
        // A failure with another cause is news too (errors compare by kind and source).
        guard delivered.loadState != state || Self.failureChanged(from: delivered.loadState, to: state) else { return }
        delivered.loadState = state
        notify(.loadStateChanged(state))
    }

    /// Calls every observer registered now, skipping any removed by an earlier one.
    /// Observers that are not ready get `.reload(snapshot)` instead of a batch.
    func notify(_ event: ListEvent<ID, Summary>, orReloadFrom snapshot: ListSnapshot<ID, Summary>? = nil) {
        for key in delivered.observers.keys.sorted() {
            guard let observer = delivered.observers[key] else { continue }
            if let snapshot, !observer.isReady {
                observer.handler(.reload(snapshot))
            } else {
                observer.handler(event)
            }
        }
    }

    /// How long the adapter's last delivery took on the delivery queue (swapping in the
    /// new list, cache and selection upkeep, and the observers' own work): the figure to
    /// watch for main-thread stalls.
    ///
    /// Delivery queue only.
    public var lastDeliveryDuration: Duration {
        assertOnDeliveryQueue()
        return delivered.lastDeliveryDuration
    }

    /// How many deliveries (lists, load states, edits' ends) have been applied on the
    /// delivery queue; ``lastDeliveryCPUDuration`` is the last one's. For the soak.
    package var completedDeliveries: Int {
        assertOnDeliveryQueue()
        return delivered.completedDeliveries
    }

    /// How much of ``lastDeliveryDuration`` the delivery thread actually ran (its CPU
    /// time): a long delivery with little CPU time was the scheduler running other threads
    /// (a loaded machine), not work of the adapter or its observers.
    ///
    /// Delivery queue only.
    public var lastDeliveryCPUDuration: Duration {
        assertOnDeliveryQueue()
        return delivered.lastDeliveryCPUDuration
    }
}
