public import Dispatch

extension ListViewAdapter {
    /// Fetches the payload of the item at `path`, then calls `completion` on the delivery
    /// queue.
    ///
    /// The path is resolved to an identifier now, and the fetch is by identifier, so the
    /// answer describes the item asked for even if the list changed meanwhile. The answer
    /// is `nil` when the path is out of range or the item vanished from the source.
    /// Concurrent requests for one identifier share one fetch; requests made in the same
    /// delivery-queue turn go to the data source in one call. A cached payload is served
    /// without fetching (still asynchronously). When a fetch made since the last delivery
    /// already found the item gone (``itemHasVanished(at:)``), or found only a version the
    /// row may no longer show, the request waits for the next delivery (or the next failed
    /// load) and is answered then, so that asking again for a row the list has not caught
    /// up with costs no fetches.
    ///
    /// Delivery queue only; `completion` is called on the delivery queue, exactly once.
    ///
    /// - Parameters:
    ///   - path: the item's path in the list observers have seen.
    ///   - completion: called once on the delivery queue with the item and its identifier,
    ///     `nil` when `path` is out of range or the source no longer has the item, or
    ///     ``ListAdapterError`` (``ListAdapterError/Kind/fetchFailed``) when the fetch threw.
    @inlinable
    public func item(
        at path: ItemPath,
        completion: @escaping @Sendable (Result<FetchedItem<ID, Item>?, ListAdapterError>) -> Void
    ) {
        assertOnDeliveryQueue()
        guard delivered.presented.contains(path) else {
            configuration.deliveryQueue.async { completion(.success(nil)) }
            return
        }
        let (id, summary) = delivered.presented.entry(at: path)
        switch lookUp(id, summary: summary) {
        case .payload(let item):
            configuration.deliveryQueue.async { completion(.success(FetchedItem(id: id, item: item))) }
        case .fetch:
            request(id, summary: summary, waiter: completion)
        case .waitForDelivery:
            park(id, waiter: completion)
        }
    }

    /// Fetches the payload of the item at `path`; `nil` when the path is out of range or
    /// the item vanished. See ``item(at:completion:)``.
    ///
    /// Call it on the delivery queue (for example from `@MainActor` code with the default
    /// configuration); it throws ``ListAdapterError`` when the data source fails.
    ///
    /// - Parameter path: the item's path in the list observers have seen.
    /// - Returns: the item and its identifier, or `nil` when `path` is out of range or the
    ///   source no longer has the item.
    public nonisolated(nonsending) func item(at path: ItemPath) async throws(ListAdapterError) -> FetchedItem<ID, Item>? {
        let result = await withCheckedContinuation { continuation in
            item(at: path) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }

    /// The payload of the item at `path` if the cache holds a current one, for drawing a
    /// cell without waiting. Never fetches.
    ///
    /// Current means fetched while the item had the summary the list shows, or fetched
    /// after a change the list has not delivered yet and shown only until the adapter's
    /// next delivery (which normally brings the row's new place and summary).
    ///
    /// Delivery queue only. - Complexity: Expected O(1).
    ///
    /// - Parameter path: the item's path in the list observers have seen.
    /// - Returns: the cached current payload, or `nil` when `path` is out of range or the
    ///   cache holds no current payload for the item (fetch it with ``item(at:completion:)``).
    @inlinable
    public func cachedItem(at path: ItemPath) -> Item? {
        assertOnDeliveryQueue()
        guard delivered.presented.contains(path) else { return nil }
        let (id, summary) = delivered.presented.entry(at: path)
        guard case .payload(let item) = lookUp(id, summary: summary) else {
            return nil
        }
        return item
    }

    /// Whether the data source reported the item at `path` gone while the list still shows
    /// it: a delete the adapter has not delivered yet. Draw the row as removed rather than
    /// as loading; the next delivery removes it (or, if the item came back, the row is
    /// fetched again). Requests for it meanwhile wait for that delivery instead of
    /// fetching again.
    ///
    /// Delivery queue only. - Complexity: Expected O(1).
    ///
    /// - Parameter path: the item's path in the list observers have seen.
    /// - Returns: `true` when a fetch found the item gone and the adapter has not delivered
    ///   its removal yet; `false` otherwise, and for a path out of range.
    public func itemHasVanished(at path: ItemPath) -> Bool {
        assertOnDeliveryQueue()
        guard delivered.presented.contains(path) else { return false }
        let id = delivered.presented.identifier(at: path)
        return delivered.lagging.advice(for: id, presented: delivered.presented.summary(at: path)) == .vanished
    }

    /// Starts fetching the payloads at `paths` into the cache (the
    /// `UITableViewDataSourcePrefetching` shape).
    ///
    /// Delivery queue only.
    ///
    /// - Parameter paths: item paths in the list observers have seen. Paths out of range,
    ///   items already cached and items already requested are skipped.
    @inlinable
    public func prefetchItems(at paths: [ItemPath]) {
        assertOnDeliveryQueue()
        for path in paths where delivered.presented.contains(path) {
            let (id, summary) = delivered.presented.entry(at: path)
            if case .fetch = lookUp(id, summary: summary) { request(id, summary: summary, waiter: nil) }
        }
    }

    /// Withdraws prefetches at `paths` that have not been sent to the data source yet
    /// and that nobody else waits for.
    ///
    /// Delivery queue only.
    ///
    /// - Parameter paths: item paths in the list observers have seen. A path out of range, or
    ///   whose fetch is already sent or awaited by a caller, is left alone.
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

    // MARK: - Cache upkeep

    /// Drops the payloads of items a change deleted or updated, from `old` to `new`,
    /// except a payload fetched ahead of its row that the update now catches up with.
    /// Payloads of unchanged rows stay, ahead of their row or not.
    /// O(min(size of the change, cached payloads)): whichever is smaller is walked.
    func dropPayloads(changedBy changes: ListChangeSet, from old: ListSnapshot<ID, Summary>, to new: ListSnapshot<ID, Summary>) {
        let cached = delivered.cache.count
        if cached == 0 { return }
        if cached <= changes.itemDeletes.count + changes.itemUpdates.count {
            delivered.cache.removeAll { id, summary in
                guard let now = new.summary(of: id) else { return true }
                return summary != now && old.summary(of: id) != now
            }
            return
        }
        for path in changes.itemDeletes where old.contains(path) {
            delivered.cache.remove(old.identifier(at: path))
        }
        for update in changes.itemUpdates where old.contains(update.from) {
            // A payload fetched after the change, ahead of its row until now, stays.
            let id = old.identifier(at: update.from)
            if let cached = delivered.cache.peek(id), cached.summary == new.summary(of: id) { continue }
            delivered.cache.remove(id)
        }
    }

    /// Drops payloads whose item vanished or changed in `snapshot`. O(cache size).
    func dropStalePayloads(keepingOnly snapshot: ListSnapshot<ID, Summary>) {
        delivered.cache.removeAll { id, summary in snapshot.summary(of: id) != summary }
    }
}
