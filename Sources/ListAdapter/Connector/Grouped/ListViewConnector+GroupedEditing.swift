/// A person's edits in a flat table (`NSTableView`) shown through a ``GroupedListView``:
/// a row dropped between rows, and a Delete key or context menu. The connector's logic
/// for them, tested on Linux against `ListAdapterTesting`'s `FlatReferenceTableView`.
extension ListViewConnector {
    /// Takes in a row a person dropped above `dropRow` (AppKit's `.above` drop operation):
    /// moves the row in the table (AppKit does not on a drop), then forwards the item move
    /// to the adapter as ``moveItem(from:to:write:)`` does, which delivers no batch for it.
    ///
    /// ```swift
    /// func tableView(_ tableView: NSTableView, acceptDrop info: NSDraggingInfo, row: Int,
    ///                dropOperation: NSTableView.DropOperation) -> Bool {
    ///     guard let dragged = draggedRow(info) else { return false }
    ///     return connector.moveRow(dragged, droppedAbove: row) { move in try await inbox.move(move) }
    /// }
    /// ```
    ///
    /// - Returns: whether the drop moved an item; `false` (nothing changed) for a drop
    ///   ``GroupedListView/itemMove(fromRow:droppedAbove:)`` refuses.
    ///
    /// Main actor; `write` runs off the main queue.
    ///
    /// - Parameters:
    ///   - row: the dragged row.
    ///   - dropRow: the row the gap is above; the table's row count for the end of the table.
    ///   - write: writes the move to the source's store, returning the source's receipt (or
    ///     nothing); see ``moveItem(from:to:write:)``.
    @discardableResult
    public func moveRow<Base, Answer: Sendable>(
        _ row: Int, droppedAbove dropRow: Int, write: @escaping @Sendable (ListMove<ID>) async throws -> Answer
    ) -> Bool where View == GroupedListView<Base> {
        guard let view, let move = view.itemMove(fromRow: row, droppedAbove: dropRow) else { return false }
        view.moveDroppedRow(move)
        moveItem(from: move.source, to: move.destination, write: write)
        return true
    }

    /// Deletes the items a Delete key or a context menu's Delete is about
    /// (``GroupedListView/itemPaths(toDeleteForClickedRow:)``: the clicked row's item, or
    /// the selection), as ``deleteItems(at:write:)`` does: the table loses the rows before
    /// this returns.
    ///
    /// ```swift
    /// @objc func delete(_ sender: Any?) {       // the Edit menu's Delete, a context menu item
    ///     connector.deleteItems(forClickedRow: tableView.clickedRow) { ids in try await inbox.delete(ids) }
    /// }
    /// ```
    ///
    /// - Returns: whether there was an item to delete.
    ///
    /// Main actor; `write` runs off the main queue.
    ///
    /// - Parameters:
    ///   - clickedRow: the table's `clickedRow`: the row a context menu was opened on, or -1
    ///     for the Delete key or the Edit menu.
    ///   - write: writes the deletion (the identifiers in list order) to the source's store.
    @discardableResult
    public func deleteItems<Base>(
        forClickedRow clickedRow: Int, write: @escaping @Sendable ([ID]) async throws -> Void
    ) -> Bool where View == GroupedListView<Base> {
        guard let paths = view?.itemPaths(toDeleteForClickedRow: clickedRow), !paths.isEmpty else { return false }
        deleteItems(at: paths, write: write)
        return true
    }
}
