extension ListViewAdapter {
    /// Applies a delivery to the delivery-queue state and tells observers. Each batch's
    /// `after` state becomes the adapter's answer exactly when the batch is handed over.
    ///
    /// Delivery queue. - Complexity: O(size of the change) plus the observers' work.
    func apply(_ delivery: Delivery) {
        assertOnDeliveryQueue()
        let clock = ContinuousClock()
        let start = clock.now
        defer { delivered.lastDeliveryDuration = clock.now - start }
        switch delivery {
        case .reload(let snapshot, let state, let reason):
            releaseOffDeliveryQueue(delivered.presented)
            delivered.presented = snapshot
            dropStalePayloads(keepingOnly: snapshot)
            pruneSelection()
            notify(.reload(snapshot))
            updateLoadState(state)
            deliveryDidApply(reason: reason)
        case .update(let update, let state, let reason, let computeDuration, let patched):
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
        }
    }

    /// Hands the list being replaced to the private queue, so that freeing its storage
    /// (megabytes at a million items) never stalls the delivery queue.
    private func releaseOffDeliveryQueue(_ snapshot: ListSnapshot<ID, Summary>) {
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
    private func notify(_ event: ListEvent<ID, Summary>, orReloadFrom snapshot: ListSnapshot<ID, Summary>? = nil) {
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

    // MARK: - Observers

    /// Calls `handler` with every event from now on, on the delivery queue, until the
    /// returned observation is cancelled or released.
    ///
    /// - Parameters:
    ///   - isReady: whether the observer can apply batches now. An observer that is not
    ///     ready (a list view not yet on screen, ISListViewAdapter's connector `ready`)
    ///     gets ``ListEvent/reload(_:)`` instead of each batch until it becomes ready.
    ///   - handler: called on the delivery queue. Removing this or any other observer
    ///     from inside it is safe.
    ///
    /// Delivery queue only.
    public func observe(
        isReady: Bool = true,
        _ handler: @escaping @Sendable (ListEvent<ID, Summary>) -> Void
    ) -> ListObservation {
        assertOnDeliveryQueue()
        let id = delivered.nextObserverID
        delivered.nextObserverID += 1
        delivered.observers[id] = Observer(handler: handler, isReady: isReady)
        return ListObservation(
            deliveryQueue: configuration.deliveryQueue,
            cancel: { [weak self] in self?.delivered.observers[id] = nil },
            setReady: { [weak self] ready in self?.delivered.observers[id]?.isReady = ready },
            isReady: { [weak self] in self?.delivered.observers[id]?.isReady ?? false }
        )
    }

    /// Every event from now on, as an asynchronous sequence.
    ///
    /// The sequence buffers events; by the time an element is consumed, the adapter may
    /// already answer from a later state, so use ``observe(isReady:_:)`` to drive a list
    /// view. Iteration ends when the consuming task is cancelled.
    ///
    /// Delivery queue only (to register; consume it anywhere).
    public var events: AsyncStream<ListEvent<ID, Summary>> {
        let (stream, continuation) = AsyncStream.makeStream(of: ListEvent<ID, Summary>.self)
        let observation = observe { continuation.yield($0) }
        let deliveryQueue = configuration.deliveryQueue
        continuation.onTermination = { _ in deliveryQueue.async { observation.cancel() } }
        return stream
    }
}
