public import Dispatch

extension ListViewAdapter {
    /// Where a request for a presented row's payload stands.
    @usableFromInline
    enum PayloadLookup {
        /// The cache holds a payload the row may show.
        case payload(Item)
        /// Ask the data source.
        case fetch
        /// Asking now would bring nothing the row may show: wait for the next delivery.
        case waitForDelivery
    }

    /// What the cache and the lagging rows say about `id`, shown with `summary`.
    /// Delivery queue. - Complexity: Expected O(1).
    @inlinable
    func lookUp(_ id: ID, summary: Summary) -> PayloadLookup {
        if let item = delivered.cache.item(for: id, summary: summary) { return .payload(item) }
        switch delivered.lagging.advice(for: id, presented: summary) {
        case .fetch:
            return .fetch
        case .showAhead(let newer):
            if let item = delivered.cache.item(for: id, summary: newer) { return .payload(item) }
            return .fetch
        case .vanished, .waitForDelivery:
            return .waitForDelivery
        }
    }

    // MARK: - Fetching

    /// Adds a request; the first for an identifier schedules it for this turn's batch.
    @inlinable
    func request(_ id: ID, summary: Summary, waiter: ItemWaiter?) {
        if var existing = delivered.fetches.requests[id], existing.summary == summary {
            if let waiter { existing.waiters.append(waiter) }
            delivered.fetches.requests[id] = existing
            return
        }
        // A request made under another summary is for older content: start afresh (its
        // waiters stay with it and get whatever the source answers).
        var fresh = FetchState.Request(summary: summary, waiters: [], isInFlight: false)
        if let waiter { fresh.waiters.append(waiter) }
        if let older = delivered.fetches.requests[id] {
            fresh.waiters = older.waiters + fresh.waiters
        }
        delivered.fetches.requests[id] = fresh
        if delivered.fetches.pendingSet.insert(id).inserted { delivered.fetches.pending.append(id) }
        scheduleFlush()
    }

    /// Keeps `waiter` until the next delivery. Delivery queue.
    @inlinable
    func park(_ id: ID, waiter: @escaping ItemWaiter) {
        delivered.fetches.parked[id, default: []].append(waiter)
    }

    @inlinable
    func scheduleFlush() {
        guard !delivered.fetches.flushScheduled else { return }
        delivered.fetches.flushScheduled = true
        configuration.deliveryQueue.async { self.flushFetches() }
    }

    /// Sends this turn's requests to the data source in one call. Delivery queue.
    @inlinable
    func flushFetches() {
        assertOnDeliveryQueue()
        delivered.fetches.flushScheduled = false
        let ids = delivered.fetches.pending
        delivered.fetches.pending = []
        delivered.fetches.pendingSet = []
        if ids.isEmpty { return }
        var summaries: [ID: Summary] = [:]
        for id in ids {
            delivered.fetches.requests[id]?.isInFlight = true
            summaries[id] = delivered.fetches.requests[id]?.summary
        }
        let (source, generation) = current.withLock { ($0.source, $0.generation) }
        if delivered.summarizing?.generation != generation {
            delivered.summarizing = (generation, source as? any SummarizingListDataSource<ID, Summary, Item>)
        }
        let summarizingSource = delivered.summarizing?.source
        let sent = FetchBatch(ids: ids, summaries: summaries, epoch: delivered.lagging.epoch, generation: generation, source: source)
        let deliveryQueue = configuration.deliveryQueue
        Task(executorPreference: sourceExecutor) { [weak self] in
            let result: Result<[ID: SummarizedItem<Summary?, Item>], any Error>
            do {
                if let summarizing = summarizingSource {
                    result = .success(try await summarizing.fetchSummarizedItems(ids).mapValues { SummarizedItem(summary: $0.summary, item: $0.item) })
                } else {
                    result = .success(try await source.fetchItems(ids).mapValues { SummarizedItem(summary: nil, item: $0) })
                }
            } catch {
                result = .failure(error)
            }
            guard let self else { return }
            deliveryQueue.async { self.fetchDidFinish(sent, result: result) }
        }
    }

    /// What one call to the data source asked for, and when.
    @usableFromInline
    struct FetchBatch: Sendable {
        @usableFromInline var ids: [ID]
        /// The summary each row showed when requested.
        @usableFromInline var summaries: [ID: Summary]
        /// The delivery epoch when the call was made.
        @usableFromInline var epoch: Int
        @usableFromInline var generation: Int
        /// The source asked (named in an error, if the fetch fails).
        @usableFromInline var source: Source

        @inlinable
        init(ids: [ID], summaries: [ID: Summary], epoch: Int, generation: Int, source: Source) {
            (self.ids, self.summaries, self.epoch, self.generation, self.source) = (ids, summaries, epoch, generation, source)
        }
    }

    /// Resolves the waiters of a completed fetch. Delivery queue.
    @inlinable
    func fetchDidFinish(_ sent: FetchBatch, result: Result<[ID: SummarizedItem<Summary?, Item>], any Error>) {
        assertOnDeliveryQueue()
        let isCurrent = current.withLock { $0.generation == sent.generation }
        // One error for the whole batch, its source named once.
        let outcome = result.mapError { ListAdapterError(.fetchFailed, source: sourceName(sent.source), underlying: $0) }
        for id in sent.ids {
            guard let answered = delivered.fetches.requests[id], answered.isInFlight, answered.summary == sent.summaries[id] else { continue }
            delivered.fetches.requests[id] = nil
            guard isCurrent else {
                // The source was replaced: its answers are not trusted. Ask the new one,
                // for items it still lists.
                if let path = delivered.presented.path(of: id) {
                    let summary = delivered.presented.summary(at: path)
                    if answered.waiters.isEmpty {
                        request(id, summary: summary, waiter: nil)
                    } else {
                        for waiter in answered.waiters { request(id, summary: summary, waiter: waiter) }
                    }
                } else {
                    for waiter in answered.waiters { waiter(.success(nil)) }
                }
                continue
            }
            switch outcome {
            case .success(let answers):
                let answer = answers[id]
                settle(id, requested: answered.summary, answer: answer, sameEpoch: sent.epoch == delivered.lagging.epoch)
                let fetched = answer.map { FetchedItem(id: id, item: $0.item) }
                for waiter in answered.waiters { waiter(.success(fetched)) }
            case .failure(let error):
                for waiter in answered.waiters { waiter(.failure(error)) }
            }
        }
    }

    /// Caches a fetched payload when its row may show it, and notes rows the answer shows
    /// to lag behind the source. Delivery queue.
    @inlinable
    func settle(_ id: ID, requested: Summary, answer: SummarizedItem<Summary?, Item>?, sameEpoch: Bool) {
        guard let presented = delivered.presented.summary(of: id) else { return }
        // Asked while the list showed the row as it does now, with no delivery since, the
        // fetch read the source after the list's own load did: any difference is a change
        // the list has not delivered yet.
        let lags = sameEpoch && presented == requested
        guard let answer else {
            if lags { delivered.lagging.record(.vanished, for: id, presented: presented) }
            return
        }
        // A plain source's payload is labelled with the summary it was asked under.
        let summary = answer.summary ?? requested
        if summary == presented {
            delivered.cache.insert(answer.item, for: id, summary: summary, cost: itemCost(answer.item))
            delivered.lagging.forget(id)
        } else if lags, answer.summary != nil {
            delivered.lagging.record(.ahead(summary), for: id, presented: presented)
            // A payload that matches its row stays in preference to a newer one.
            if delivered.cache.peek(id)?.summary != presented {
                delivered.cache.insert(answer.item, for: id, summary: summary, cost: itemCost(answer.item))
            }
        }
    }

    /// After a delivery: starts the next epoch of the lagging rows and serves or re-sends
    /// the requests parked until now. Delivery queue.
    func deliveryDidApply(reason: ListChangeInfo.Reason) {
        if reason == .transition { delivered.lagging.removeAll() }
        let presented = delivered.presented
        delivered.lagging.advance { presented.summary(of: $0) }
        serveParked()
    }

    /// After a failed load: the delivery the parked requests wait for may be long in
    /// coming (a source that keeps failing), so they are served now, from the cache or by
    /// asking the source again, rather than left waiting in silence. Delivery queue.
    func loadDidFail() {
        serveParked()
    }

    /// Serves or re-sends the requests parked until now. Delivery queue.
    private func serveParked() {
        if delivered.fetches.parked.isEmpty { return }
        let presented = delivered.presented
        let parked = delivered.fetches.parked
        delivered.fetches.parked = [:]
        let deliveryQueue = configuration.deliveryQueue
        for (id, waiters) in parked {
            guard let path = presented.path(of: id) else {
                for waiter in waiters { deliveryQueue.async { waiter(.success(nil)) } }
                continue
            }
            let summary = presented.summary(at: path)
            if case .payload(let item) = lookUp(id, summary: summary) {
                for waiter in waiters { deliveryQueue.async { waiter(.success(FetchedItem(id: id, item: item))) } }
            } else {
                // Once per delivery (or failure), ask again: the source may have caught up.
                for waiter in waiters { request(id, summary: summary, waiter: waiter) }
            }
        }
    }
}
