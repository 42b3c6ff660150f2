extension ListViewAdapter {
    /// Fetches the payload of the item at `path`, then calls `completion` on the delivery
    /// queue.
    ///
    /// The path is resolved to an identifier now, and the fetch is by identifier, so the
    /// answer describes the item asked for even if the list changed meanwhile. The answer
    /// is `nil` when the path is out of range or the item vanished from the source.
    /// Concurrent requests for one identifier share one fetch; requests made in the same
    /// delivery-queue turn go to the data source in one call. A cached payload is served
    /// without fetching (still asynchronously).
    ///
    /// Delivery queue only; `completion` is called on the delivery queue, exactly once.
    public func item(
        at path: ItemPath,
        completion: @escaping @Sendable (Result<FetchedItem<ID, Item>?, ListAdapterError>) -> Void
    ) {
        assertOnDeliveryQueue()
        guard delivered.presented.contains(path) else {
            configuration.deliveryQueue.async { completion(.success(nil)) }
            return
        }
        let id = delivered.presented.identifier(at: path)
        let summary = delivered.presented.summary(at: path)
        if let item = delivered.cache.item(for: id, summary: summary) {
            configuration.deliveryQueue.async { completion(.success(FetchedItem(id: id, item: item))) }
            return
        }
        request(id, summary: summary, waiter: completion)
    }

    /// Fetches the payload of the item at `path`; `nil` when the path is out of range or
    /// the item vanished. See ``item(at:completion:)``.
    ///
    /// Call it on the delivery queue (for example from `@MainActor` code with the default
    /// configuration); it throws ``ListAdapterError`` when the data source fails.
    public nonisolated(nonsending) func item(at path: ItemPath) async throws(ListAdapterError) -> FetchedItem<ID, Item>? {
        let result = await withCheckedContinuation { continuation in
            item(at: path) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }

    /// The payload of the item at `path` if the cache holds a current one, for drawing a
    /// cell without waiting. Never fetches.
    ///
    /// Delivery queue only. - Complexity: Expected O(1).
    public func cachedItem(at path: ItemPath) -> Item? {
        assertOnDeliveryQueue()
        guard delivered.presented.contains(path) else { return nil }
        return delivered.cache.item(for: delivered.presented.identifier(at: path), summary: delivered.presented.summary(at: path))
    }

    /// Starts fetching the payloads at `paths` into the cache (the
    /// `UITableViewDataSourcePrefetching` shape).
    ///
    /// Delivery queue only.
    public func prefetchItems(at paths: [ItemPath]) {
        assertOnDeliveryQueue()
        for path in paths where delivered.presented.contains(path) {
            let id = delivered.presented.identifier(at: path)
            let summary = delivered.presented.summary(at: path)
            if delivered.cache.peek(id)?.summary == summary { continue }
            request(id, summary: summary, waiter: nil)
        }
    }

    /// Withdraws prefetches at `paths` that have not been sent to the data source yet
    /// and that nobody else waits for.
    ///
    /// Delivery queue only.
    public func cancelPrefetching(at paths: [ItemPath]) {
        assertOnDeliveryQueue()
        var withdrawn = Set<ID>()
        for path in paths where delivered.presented.contains(path) {
            let id = delivered.presented.identifier(at: path)
            guard let request = delivered.fetches.requests[id], !request.isInFlight, request.waiters.isEmpty else { continue }
            delivered.fetches.requests[id] = nil
            withdrawn.insert(id)
        }
        if withdrawn.isEmpty { return }
        delivered.fetches.pending.removeAll { withdrawn.contains($0) }
        delivered.fetches.pendingSet.subtract(withdrawn)
    }

    /// The number of payloads the cache holds.
    ///
    /// Delivery queue only.
    public var cachedItemCount: Int {
        assertOnDeliveryQueue()
        return delivered.cache.count
    }

    // MARK: - Fetching

    /// Adds a request; the first for an identifier schedules it for this turn's batch.
    func request(_ id: ID, summary: Summary, waiter: ItemWaiter?) {
        if var existing = delivered.fetches.requests[id], existing.summary == summary {
            if let waiter { existing.waiters.append(waiter) }
            delivered.fetches.requests[id] = existing
            return
        }
        // A request made under another summary is for older content: start afresh (its
        // waiters stay with it and get whatever the source answers).
        var fresh = FetchState.Request(summary: summary, waiters: waiter.map { [$0] } ?? [], isInFlight: false)
        if let older = delivered.fetches.requests[id] {
            fresh.waiters = older.waiters + fresh.waiters
        }
        delivered.fetches.requests[id] = fresh
        if delivered.fetches.pendingSet.insert(id).inserted { delivered.fetches.pending.append(id) }
        scheduleFlush()
    }

    private func scheduleFlush() {
        guard !delivered.fetches.flushScheduled else { return }
        delivered.fetches.flushScheduled = true
        configuration.deliveryQueue.async { self.flushFetches() }
    }

    /// Sends this turn's requests to the data source in one call. Delivery queue.
    private func flushFetches() {
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
        let requestedSummaries = summaries
        let deliveryQueue = configuration.deliveryQueue
        Task(executorPreference: sourceExecutor) { [weak self] in
            let result: Result<[ID: Item], any Error>
            do {
                result = .success(try await source.fetchItems(ids))
            } catch {
                result = .failure(error)
            }
            guard let self else { return }
            deliveryQueue.async {
                self.fetchDidFinish(ids: ids, summaries: requestedSummaries, generation: generation, sourceName: sourceName(source), result: result)
            }
        }
    }

    /// Resolves the waiters of a completed fetch. Delivery queue.
    private func fetchDidFinish(
        ids: [ID], summaries: [ID: Summary], generation: Int, sourceName: String, result: Result<[ID: Item], any Error>
    ) {
        assertOnDeliveryQueue()
        let isCurrent = current.withLock { $0.generation == generation }
        for id in ids {
            guard let answered = delivered.fetches.requests[id], answered.isInFlight, answered.summary == summaries[id] else { continue }
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
            switch result {
            case .success(let items):
                let answer = items[id].map { FetchedItem(id: id, item: $0) }
                if let item = items[id], delivered.presented.summary(of: id) == answered.summary {
                    delivered.cache.insert(item, for: id, summary: answered.summary, cost: itemCost(item))
                }
                for waiter in answered.waiters { waiter(.success(answer)) }
            case .failure(let error):
                let failure = ListAdapterError(.fetchFailed, source: sourceName, underlying: error)
                for waiter in answered.waiters { waiter(.failure(failure)) }
            }
        }
    }

    // MARK: - Cache upkeep

    /// Drops the payloads of items a change deleted or updated, from `old` to `new`.
    /// O(min(size of the change, cached payloads)): whichever is smaller is walked.
    func dropPayloads(changedBy changes: ListChangeSet, from old: ListSnapshot<ID, Summary>, to new: ListSnapshot<ID, Summary>) {
        let cached = delivered.cache.count
        if cached == 0 { return }
        if cached <= changes.itemDeletes.count + changes.itemUpdates.count {
            dropStalePayloads(keepingOnly: new)
            return
        }
        for path in changes.itemDeletes where old.contains(path) {
            delivered.cache.remove(old.identifier(at: path))
        }
        for update in changes.itemUpdates where old.contains(update.from) {
            delivered.cache.remove(old.identifier(at: update.from))
        }
    }

    /// Drops payloads whose item vanished or changed in `snapshot`. O(cache size).
    func dropStalePayloads(keepingOnly snapshot: ListSnapshot<ID, Summary>) {
        delivered.cache.removeAll { id, summary in snapshot.summary(of: id) != summary }
    }
}
