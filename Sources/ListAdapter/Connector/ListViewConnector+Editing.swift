/// A person's edits made in the connected view: a move the view already shows (UIKit's
/// `tableView(_:moveRowAt:to:)`, `collectionView(_:moveItemAt:to:)`, an `NSTableView`
/// drop) and a delete (a swipe, edit mode), forwarded to the adapter with the app's write.
extension ListViewConnector {
    /// Forwards a move the view has made: the adapter takes it in without a batch (the view
    /// moved the row itself), lays it over later lists until the source's list has it, and
    /// ends it by what `write` answered (see ``ListViewAdapter``'s
    /// `moveItem(from:to:write:)`): confirmed when the source's receipt says it landed
    /// (`SQLiteListSource.move(_:)` returns one), undone with one batch if `write` throws
    /// or, with no receipt, the source orders the row elsewhere.
    ///
    /// ```swift
    /// override func tableView(_ tableView: UITableView, moveRowAt from: IndexPath, to: IndexPath) {
    ///     connector.moveItem(from: ItemPath(from), to: ItemPath(to)) { move in try await notes.move(move) }
    /// }
    /// ```
    ///
    /// A path the adapter's list does not have is reported to ``onEditFailure`` and the
    /// view reloaded, since it shows a move the list cannot take.
    ///
    /// For a ``GroupedListView`` (an `NSTableView`, which does not move a dropped row),
    /// call ``moveRow(_:droppedAbove:write:)`` instead: it moves the table's row and keeps
    /// the grouped view's rows in step before forwarding here.
    ///
    /// Main actor; `write` runs off the main queue.
    ///
    /// - Parameters:
    ///   - source: the item's path before the move.
    ///   - destination: its path after the move, as the view shows it.
    ///   - write: writes the move to the source's store, returning the source's receipt (or
    ///     nothing); runs off the main queue.
    public func moveItem<Answer: Sendable>(
        from source: ItemPath, to destination: ItemPath, write: @escaping @Sendable (ListMove<ID>) async throws -> Answer
    ) {
        forwardMove { adapter throws(ListEditError<ID>) in try adapter.moveItem(from: source, to: destination, write: write) }
    }

    /// Hands a move to the adapter as the view's own; a refused one is reported and the
    /// view reloaded. Main actor.
    private func forwardMove(_ move: (ListViewAdapter<ID, Summary, Item>) throws(ListEditError<ID>) -> ListMove<ID>) {
        isTakingOwnMove = true
        defer { isTakingOwnMove = false }
        do {
            _ = try move(adapter)
        } catch {
            reportEditFailure(error)
            if let view { reload(view, from: adapter.snapshot) }
        }
    }

    /// Forwards a delete: the adapter delivers the delete batch to the view before this
    /// returns, and puts the rows back with one batch if `write` throws or the source's
    /// list keeps them.
    ///
    /// ```swift
    /// override func tableView(_ tableView: UITableView, commit style: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
    ///     guard style == .delete else { return }
    ///     connector.deleteItems(at: [ItemPath(indexPath)]) { ids in try await inbox.delete(ids) }
    /// }
    /// ```
    ///
    /// Main actor; `write` runs off the main queue.
    ///
    /// - Parameters:
    ///   - paths: the items' paths, in any order; repeats count once. A path the list does
    ///     not have is reported to ``onEditFailure`` and nothing is deleted.
    ///   - write: writes the deletion (the identifiers in list order) to the source's store.
    public func deleteItems(at paths: [ItemPath], write: @escaping @Sendable ([ID]) async throws -> Void) {
        do {
            try adapter.deleteItems(at: paths, write: write)
        } catch {
            reportEditFailure(error)
        }
    }

    /// A delete to run later, when a person confirms it (a swipe action's handler): the
    /// item at `path` now, found again by its identifier when the returned closure runs,
    /// so a list that changed in between (rows inserted above, the item moved) deletes
    /// that item and no other. The closure deletes it as ``deleteItems(at:write:)`` does
    /// and returns `true`, or returns `false` when the item has left the list.
    ///
    /// ```swift
    /// let delete = connector.deletion(ofItemAt: ItemPath(indexPath)) { ids in try await inbox.delete(ids) }
    /// let action = UIContextualAction(style: .destructive, title: "Delete") { _, _, done in done(delete()) }
    /// ```
    ///
    /// (On iOS, `deleteSwipeActions(forItemAt:title:write:)` makes that configuration.)
    ///
    /// Main actor, like the closure; `write` runs off the main queue.
    ///
    /// - Parameters:
    ///   - path: the item's path now; a path out of range makes a closure that returns `false`.
    ///   - write: writes the deletion (the item's identifier) to the source's store.
    /// - Returns: a closure that deletes the item and returns `true`, or returns `false` when
    ///   the item is no longer in the list (or the connector is gone).
    public func deletion(
        ofItemAt path: ItemPath, write: @escaping @Sendable ([ID]) async throws -> Void
    ) -> @MainActor () -> Bool {
        let id = adapter.identifier(at: path)
        return { [weak self] in
            guard let self, let id, let now = self.adapter.path(of: id) else { return false }
            self.deleteItems(at: [now], write: write)
            return true
        }
    }

    /// An edit's end, as the adapter reports it: a failure goes to ``onEditFailure`` (or the
    /// adapter's logger).
    func editEnded(_ result: Result<ListEdit<ID>, ListEditError<ID>>) {
        if case .failure(let error) = result { reportEditFailure(error) }
    }

    /// A move the adapter took in: the view that made it shows it already; made in
    /// another view, this one moves the row too.
    func itemMoved(_ move: ListMove<ID>, in view: View) {
        guard !isTakingOwnMove else {
            shown = adapter.snapshot
            return
        }
        guard acceptsBatches(view) else {
            reload(view, from: adapter.snapshot)
            return
        }
        view.performListUpdates { view.moveListItem(at: move.source, to: move.destination) }
        shown = adapter.snapshot
    }

    private func reportEditFailure(_ error: ListEditError<ID>) {
        if let onEditFailure {
            onEditFailure(error)
        } else {
            adapter.configuration.logger.error("\(error)")
        }
    }
}
