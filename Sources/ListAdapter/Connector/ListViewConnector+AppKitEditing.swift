// Apple-only: an NSTableView's drag-and-drop and delete callbacks as one-line forwards to
// the connector's edits on a GroupedListView (ListViewConnector+GroupedEditing.swift and
// GroupedRows+Moving.swift, tested on Linux against FlatReferenceTableView). Type-checked
// against the macOS SDK by .ci/apple-check.sh.
#if canImport(AppKit) && !targetEnvironment(macCatalyst)
public import AppKit

extension NSPasteboard.PasteboardType {
    /// A row of a table driven by a ``ListViewConnector``, dragged within that table: its
    /// row number. Register the table for it (`registerForDraggedTypes([.listAdapterRow])`).
    /// Any queue.
    public static var listAdapterRow: NSPasteboard.PasteboardType { NSPasteboard.PasteboardType("org.listadapter.row") }
}

/// The drag-and-drop callbacks of an `NSTableView` (or a subclass) shown through a
/// ``GroupedListView``. Main actor only.
extension ListViewConnector {
    /// What a drag of `row` puts on the pasteboard (`tableView(_:pasteboardWriterForRow:)`):
    /// the row number, for an item's row; `nil` (not dragged) for a title row.
    ///
    /// Main actor.
    ///
    /// - Parameter row: the dragged row.
    /// - Returns: a pasteboard item with the row number, or `nil` for a title row or a row
    ///   out of range.
    public func pasteboardWriter<Table: NSTableView>(forRow row: Int) -> (any NSPasteboardWriting)? where View == GroupedListView<Table> {
        guard view?.path(ofRow: row) != nil else { return nil }
        let item = NSPasteboardItem()
        item.setString(String(row), forType: .listAdapterRow)
        return item
    }

    /// Whether a drop there moves the dragged row
    /// (`tableView(_:validateDrop:proposedRow:proposedDropOperation:)`): `.move`, or no
    /// operation for a drag from elsewhere, of several rows, or a drop
    /// ``GroupedListView/itemMove(fromRow:droppedAbove:)`` refuses. A drop onto a row is
    /// retargeted to the gap above it.
    ///
    /// Main actor.
    ///
    /// - Parameters:
    ///   - info: the drag, as AppKit hands it.
    ///   - row: the proposed row.
    ///   - operation: the proposed drop operation; `.on` is retargeted to `.above`.
    /// - Returns: `.move` when the drop moves the dragged row, else no operation.
    public func validateDrop<Table: NSTableView>(
        _ info: any NSDraggingInfo, proposedRow row: Int, proposedDropOperation operation: NSTableView.DropOperation
    ) -> NSDragOperation where View == GroupedListView<Table> {
        guard let view, let dragged = draggedRow(info, in: view.base) else { return [] }
        if operation == .on { view.base.setDropRow(row, dropOperation: .above) }
        return view.itemMove(fromRow: dragged, droppedAbove: row) == nil ? [] : .move
    }

    /// Takes in the drop (`tableView(_:acceptDrop:row:dropOperation:)`): moves the row in
    /// the table, which does not move it itself, and the item in the adapter, as
    /// ``moveRow(_:droppedAbove:write:)`` does; `write` answers with the source's receipt,
    /// or nothing.
    ///
    /// Main actor; `write` runs off the main queue.
    ///
    /// - Parameters:
    ///   - info: the drag, as AppKit hands it.
    ///   - row: the row the gap is above.
    ///   - write: writes the move to the source's store, returning the source's receipt (or
    ///     nothing); runs off the main queue.
    /// - Returns: whether the drop moved an item; `false` (nothing changed) for a drag from
    ///   elsewhere or a drop that is refused.
    public func acceptDrop<Table: NSTableView, Answer: Sendable>(
        _ info: any NSDraggingInfo, row: Int, write: @escaping @Sendable (ListMove<ID>) async throws -> Answer
    ) -> Bool where View == GroupedListView<Table> {
        guard let view, let dragged = draggedRow(info, in: view.base) else { return false }
        return moveRow(dragged, droppedAbove: row, write: write)
    }

    /// The row a drag from `table` itself carries, one row only.
    private func draggedRow(_ info: any NSDraggingInfo, in table: NSTableView) -> Int? {
        guard (info.draggingSource as AnyObject?) === table, let items = info.draggingPasteboard.pasteboardItems, items.count == 1 else {
            return nil
        }
        return items[0].string(forType: .listAdapterRow).flatMap { Int($0) }
    }
}
#endif
