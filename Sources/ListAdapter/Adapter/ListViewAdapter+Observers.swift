import Dispatch

extension ListViewAdapter {
    /// Calls `handler` on the main actor with every event from now on, until the returned
    /// observation is cancelled or released: the way an app's view controller or view
    /// follows the adapter.
    ///
    /// ```swift
    /// let observation = adapter.observe { event in          // main actor: no hops, no awaits
    ///     switch event {
    ///     case .reload: tableView.reloadData()
    ///     case .batch(let batch, _): tableView.performBatchUpdates { batch.update.apply(to: tableView) }
    ///     case .itemMoved, .loadStateChanged, .duplicateIdentifiers, .editEnded: break
    ///     }
    /// }
    /// ```
    ///
    /// Events arrive synchronously on the main queue, in the order the adapter delivers
    /// them, each before the next one is applied: when `handler` runs, the adapter already
    /// answers from the event's list, exactly as `performBatchUpdates` expects. (An
    /// `AsyncStream`, or a `Task` per event, would let the adapter run ahead of the view.)
    ///
    /// - Parameters:
    ///   - isReady: whether the observer can apply batches now. An observer that is not
    ///     ready (a list view not yet on screen, ISListViewAdapter's connector `ready`)
    ///     gets ``ListEvent/reload(_:)`` instead of each batch until it becomes ready.
    ///   - handler: called on the main actor. Removing this or any other observer from
    ///     inside it is safe.
    ///
    /// Main actor only, for an adapter that delivers on the main queue (the default
    /// ``ListViewAdapterConfiguration/deliveryQueue``); it traps otherwise. An adapter
    /// configured with a queue of its own is observed with
    /// ``observeOnDeliveryQueue(isReady:_:)``.
    ///
    /// - Returns: the observation: keep it for as long as `handler` should be called; cancel
    ///   or release it to stop.
    @MainActor
    public func observe(
        isReady: Bool = true,
        _ handler: @escaping @MainActor (ListEvent<ID, Summary>) -> Void
    ) -> ListObservation {
        precondition(
            deliversOnMainQueue,
            "observe(isReady:_:) calls its handler on the main actor; this adapter delivers on "
                + "\(configuration.deliveryQueue.label): use observeOnDeliveryQueue(isReady:_:)"
        )
        return observeOnDeliveryQueue(isReady: isReady) { event in
            // Delivered by a block on the main queue: the main actor's executor.
            MainActor.assumeIsolated { handler(event) }
        }
    }

    /// Calls `handler` with every event from now on, on the adapter's delivery queue,
    /// until the returned observation is cancelled or released: for an adapter configured
    /// with a delivery queue of its own (tests, a headless consumer). On the main queue,
    /// ``observe(isReady:_:)`` gives the handler main-actor isolation.
    ///
    /// - Parameters:
    ///   - isReady: see ``observe(isReady:_:)``.
    ///   - handler: called on the delivery queue. Removing this or any other observer
    ///     from inside it is safe.
    ///
    /// Delivery queue only.
    ///
    /// - Returns: the observation: keep it for as long as `handler` should be called; cancel
    ///   or release it to stop.
    public func observeOnDeliveryQueue(
        isReady: Bool = true,
        _ handler: @escaping @Sendable (ListEvent<ID, Summary>) -> Void
    ) -> ListObservation {
        assertOnDeliveryQueue()
        let id = delivered.nextObserverID
        delivered.nextObserverID += 1
        delivered.observers[id] = Observer(handler: handler, isReady: isReady)
        return ListObservation(
            deliveryQueue: configuration.deliveryQueue,
            // An adapter already gone answers "no": the removal is then queued, and finds nothing.
            isOnDeliveryQueue: { [weak self] in self?.isOnDeliveryQueue ?? false },
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
        let observation = observeOnDeliveryQueue { continuation.yield($0) }
        let deliveryQueue = configuration.deliveryQueue
        continuation.onTermination = { _ in deliveryQueue.async { observation.cancel() } }
        return stream
    }

    /// Whether events arrive on the main queue, the main actor's executor.
    var deliversOnMainQueue: Bool {
        configuration.deliveryQueue.label == DispatchQueue.main.label
    }
}
