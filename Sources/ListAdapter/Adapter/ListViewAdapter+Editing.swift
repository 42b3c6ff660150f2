/// A person's edits, on the delivery queue: a move the list view has already made, a
/// delete it has not. Each carries the app's write; the private queue lays pending edits
/// over every later list (see ``ListViewAdapter/editArrived(_:epoch:shown:write:)``).
extension ListViewAdapter {
    /// Takes in a move a person made in a list view (a drag within a section or into
    /// another), which the view already shows, and writes it with `write`.
    ///
    /// The adapter answers from the moved list at once and delivers no batch for the move:
    /// observers get ``ListEvent/itemMoved(_:)`` (the view that made the move ignores it).
    /// Until the source's list contains the write, every later delivery is computed with
    /// the item where the source writes it (``ListMove/anchor(listing:)-59xq``: first or last in
    /// its section when the person dropped it at an edge, else right after its `previous`
    /// neighbour), so no batch repeats or undoes the move. Then the edit ends with
    /// ``ListEvent/editEnded(_:)``, by what the write answered:
    ///
    /// - A ``ListMoveReceipt`` of the source the adapter lists (`SQLiteListSource.move(_:)`,
    ///   `PostgresListSource.move(_:)` and ``InMemoryListSource/move(_:)`` return one): the
    ///   write landed, so `.success`, with no change on screen, once a list the source
    ///   loaded after the write is in, wherever other writers' rows put the item meanwhile.
    /// - Anything else (nothing, a row count, a receipt of another source such as a store
    ///   listed in another order): the list decides. `.success` when a list loaded after
    ///   the write has the item at its anchor; else one batch moves the item to where the
    ///   source has it, then `.failure` (``ListEditError/Kind/placedElsewhere(_:)``), as
    ///   for a list sorted by date.
    /// - A thrown error: one batch moves the item back, then `.failure`
    ///   (``ListEditError/Kind/writeFailed``). When the error says the write found the item
    ///   gone (``ListItemGoneError``: another writer deleted the row), the item is removed
    ///   at once instead of moving back, and the edit ends once the source's list has
    ///   dropped it.
    ///
    /// ```swift
    /// func tableView(_ tableView: UITableView, moveRowAt from: IndexPath, to: IndexPath) {
    ///     try? adapter.moveItem(from: ItemPath(from), to: ItemPath(to)) { move in
    ///         try await notes.move(move)          // SQLiteListSource: its receipt
    ///     }
    /// }
    /// ```
    ///
    /// A write of several statements returns the receipt explicitly
    /// (`return try await notes.move(move)`); one that returns nothing is judged by the list.
    ///
    /// Writes run one at a time in the order edits were made, on the adapter's source
    /// executor (not the main queue).
    ///
    /// - Parameters:
    ///   - source: the item's path before the move.
    ///   - destination: its path after the move.
    ///   - write: writes the move to the source's store, returning the source's receipt
    ///     (or nothing); runs off the delivery queue.
    /// - Returns: the move, with the item's new neighbours.
    /// - Throws: ``ListEditError/Kind/invalidPath(_:)`` when a path is not in the list the
    ///   adapter answers from; nothing changes then.
    ///
    /// Delivery queue only. - Complexity: O(log n + c + s) for c = n / 128 chunks and s
    /// sections; O(n) when a section is or becomes empty.
    @discardableResult
    public func moveItem<Answer: Sendable>(
        from source: ItemPath, to destination: ItemPath, write: @escaping @Sendable (ListMove<ID>) async throws -> Answer
    ) throws(ListEditError<ID>) -> ListMove<ID> {
        try moveItem(from: source, to: destination, writing: .move { move in try await write(move) as? ListMoveReceipt })
    }

    /// Takes in a move with its write. Delivery queue only.
    private func moveItem(from source: ItemPath, to destination: ItemPath, writing write: EditWrite) throws(ListEditError<ID>) -> ListMove<ID> {
        assertOnDeliveryQueue()
        guard let (moved, move) = delivered.presented.moving(from: source, to: destination) else {
            let bad = delivered.presented.contains(source) ? destination : source
            throw ListEditError(.invalidPath(bad), edit: nil)
        }
        if source == destination { return move }
        delivered.editEpoch += 1
        delivered.pendingEdits += 1
        releaseOffDeliveryQueue(delivered.presented)
        delivered.presented = moved
        notify(.itemMoved(move), orReloadFrom: moved)
        let epoch = delivered.editEpoch
        queue.async { self.editArrived(.move(move), epoch: epoch, shown: moved, write: write) }
        return move
    }

    /// Deletes the items at `paths` (a swipe, or several rows in edit mode) and writes the
    /// deletion with `write`.
    ///
    /// The adapter delivers the delete batch at once, before this returns (reason
    /// ``ListChangeInfo/Reason/edit``), and keeps the items out of every later delivery
    /// until the source's list no longer has them; then the edit ends with
    /// ``ListEvent/editEnded(_:)``. When `write` throws or the source's list keeps an
    /// item, one batch puts the items back, followed by `.failure`.
    ///
    /// ```swift
    /// try adapter.deleteItems(at: [ItemPath(indexPath)]) { ids in
    ///     try await messages.delete(ids)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - paths: the items' paths, in any order; repeats count once.
    ///   - write: writes the deletion (the identifiers in list order) to the source's
    ///     store; runs off the delivery queue, after the writes of earlier edits.
    /// - Returns: the deleted identifiers, in list order.
    /// - Throws: ``ListEditError/Kind/invalidPath(_:)`` when a path is not in the list;
    ///   nothing changes then.
    ///
    /// Delivery queue only. - Complexity: O(k log n + c + s) for k items; O(n) when a
    /// section is empty (collapsed).
    @discardableResult
    public func deleteItems(
        at paths: some Collection<ItemPath>, write: @escaping @Sendable ([ID]) async throws -> Void
    ) throws(ListEditError<ID>) -> [ID] {
        assertOnDeliveryQueue()
        let presented = delivered.presented
        let sorted = Set(paths).sorted()
        if let bad = sorted.first(where: { !presented.contains($0) }) { throw ListEditError(.invalidPath(bad), edit: nil) }
        if sorted.isEmpty { return [] }
        let ids = sorted.map { presented.identifier(at: $0) }
        let (remaining, changes) = presented.deleting(ids)
        let update = ListUpdate(
            changes: changes, old: presented, new: remaining, updateStyle: configuration.updateStyle, batching: configuration.batching
        )
        delivered.editEpoch += 1
        delivered.pendingEdits += 1
        let epoch = delivered.editEpoch
        let state: ListLoadState = if case .failed = delivered.loadState { delivered.loadState } else { remaining.isEmpty ? .empty : .content }
        apply(.update(update, state, reason: .edit, computeDuration: .zero, epoch: epoch))
        queue.async { self.editArrived(.delete(ids), epoch: epoch, shown: remaining, write: .delete(write)) }
        return ids
    }

    /// How many of the person's edits have not ended yet (their write runs, or the source's
    /// list has not shown it).
    ///
    /// Delivery queue only. - Complexity: O(1).
    public var pendingEditCount: Int {
        assertOnDeliveryQueue()
        return delivered.pendingEdits
    }
}
