extension ListViewConnector {
    /// Dequeues a cell for `path` with ``reuseIdentifier`` and configures it: what the
    /// view's data source returns for a cell (`cellForRowAt`, `cellForItemAt`).
    ///
    /// The cell is configured with the cached payload, or with `nil` while the payload is
    /// fetched; see ``configure(_:at:)``. Traps with a plain message when the cell
    /// registered for ``reuseIdentifier`` is not a `Cell`.
    ///
    /// Main actor, from the view's data source.
    ///
    /// - Parameter path: the item's path, as the view asks for it.
    /// - Returns: the dequeued, configured cell, to return to the view.
    public func cell(at path: ItemPath) -> View.Cell {
        guard let view else {
            preconditionFailure("ListViewConnector.cell(at:) was called after its view was released")
        }
        let cell = view.dequeueListCell(reuseIdentifier: reuseIdentifier, at: path)
        guard let typed = cell as? Cell else {
            preconditionFailure("The cell dequeued for \"\(reuseIdentifier)\" is a \(type(of: cell)), not a \(Cell.self): register \(Cell.self) for that reuse identifier")
        }
        configure(typed, at: path)
        return cell
    }

    /// Configures a cell you dequeued yourself for the item at `path`: with the cached
    /// payload if there is one, otherwise with `nil` now and again with the payload when
    /// it arrives, provided the cell is then on screen still showing the same identifier.
    ///
    /// Main actor, from the view's data source. Does nothing for a path the adapter does
    /// not have.
    ///
    /// - Parameters:
    ///   - cell: a cell you dequeued for `path`.
    ///   - path: the item's path in the adapter's list; a path out of range leaves the cell
    ///     as it is.
    public func configure(_ cell: Cell, at path: ItemPath) {
        guard let id = adapter.identifier(at: path) else { return }
        cells.record(cell, showing: id)
        let payload = adapter.cachedItem(at: path)
        configure(cell, id, payload)
        if payload == nil { requestPayload(of: id, at: path) }
    }

    /// Starts fetching the payloads at `paths` (`UITableViewDataSourcePrefetching`'s
    /// `prefetchRowsAt`). Main actor.
    ///
    /// - Parameter paths: the paths the view will soon show; paths out of range and items
    ///   already cached are skipped.
    public func prefetch(at paths: [ItemPath]) {
        adapter.prefetchItems(at: paths)
    }

    /// Withdraws prefetches at `paths` that have not started (`cancelPrefetchingForRowsAt`).
    /// Main actor.
    ///
    /// - Parameter paths: the paths the view no longer expects to show.
    public func cancelPrefetching(at paths: [ItemPath]) {
        adapter.cancelPrefetching(at: paths)
    }

    /// The identifier `cell` was last configured for by this connector, if any.
    ///
    /// Main actor.
    ///
    /// - Parameter cell: a cell of the connected view.
    /// - Returns: the identifier of the item the connector last configured `cell` for, or
    ///   `nil` when it never configured it.
    public func identifier(shownBy cell: Cell) -> ID? {
        cells.identifier(shownBy: cell)
    }

    // MARK: - Payloads

    /// Asks for the payload of `id` unless a request for its current summary is in flight.
    private func requestPayload(of id: ID, at path: ItemPath) {
        let summary = adapter.snapshot.summary(at: path)
        guard pendingPayloads[id] != summary else { return }
        pendingPayloads[id] = summary
        adapter.item(at: path) { [weak self] result in
            MainActor.assumeIsolated { self?.payloadArrived(result, for: id, summary: summary) }
        }
    }

    private func payloadArrived(_ result: Result<FetchedItem<ID, Item>?, ListAdapterError>, for id: ID, summary: Summary) {
        if pendingPayloads[id] == summary { pendingPayloads[id] = nil }
        switch result {
        case .success(let fetched?):
            fill(fetched)
        case .success(nil):
            // The source has no such item. Usually its deletion is on the way; but the list
            // may keep the item: the answer came from a source the adapter switched to and
            // away from before showing its list, or the request was made before the item was
            // deleted and listed again (and held back the request of the cell showing it
            // now). While a cell shows the item, ask again at once, for as long as the list
            // keeps it: the adapter holds a request for a row its source reported gone until
            // its next delivery (or failed load), so this never fetches in a loop, and a row
            // the list keeps is never left a placeholder once its source has the item.
            guard isShownOnScreen(id), let path = adapter.path(of: id) else { return }
            requestPayload(of: id, at: path)
        case .failure(let error):
            // Asked for again after the next delivery or recovery (a dropped connection, a
            // locked file): the row must not stay a placeholder once the source is back.
            adapter.configuration.logger.warning("ListViewConnector: the payload of \(id) could not be fetched (asked again after the next delivery): \(error)")
            failedPayloads.insert(id)
        }
    }

    /// Asks again for the payloads whose fetch failed, of the items still on screen.
    func retryFailedPayloads() {
        guard !failedPayloads.isEmpty else { return }
        let failed = failedPayloads
        failedPayloads = []
        for id in failed {
            guard isShownOnScreen(id), let path = adapter.path(of: id) else { continue }
            requestPayload(of: id, at: path)
        }
    }

    /// Configures the cell on screen at the item's current path with the payload, if that
    /// cell still shows the item. A reused cell now showing another item is left alone.
    private func fill(_ fetched: FetchedItem<ID, Item>) {
        guard let cell = cellOnScreen(showing: fetched.id) else { return }
        configure(cell, fetched.id, fetched.item)
    }

    /// The cell on screen at the item's current path, if it shows that item.
    private func cellOnScreen(showing id: ID) -> Cell? {
        guard let view, let path = adapter.path(of: id),
              let cell = view.visibleListCell(at: path) as? Cell,
              cells.identifier(shownBy: cell) == id
        else { return nil }
        return cell
    }

    private func isShownOnScreen(_ id: ID) -> Bool {
        cellOnScreen(showing: id) != nil
    }
}
