/// A person's edits in the flat table: a row dragged and dropped between rows, the rows a
/// Delete key or a context menu's Delete means. Main actor only.
extension GroupedListView {
    /// The item move a drop of `row` above `dropRow` makes in the rows the table holds, or
    /// `nil` for a drop to refuse (see ``GroupedRows/itemMove(fromRow:droppedAbove:)`` for
    /// the rules): `tableView(_:validateDrop:proposedRow:proposedDropOperation:)`.
    ///
    /// Main actor. - Complexity: O(log S) for S sections.
    ///
    /// - Parameters:
    ///   - row: the dragged row, as the table holds it.
    ///   - dropRow: the row the gap is above; the table's row count for the end of the table.
    /// - Returns: the move to make, or `nil` when the drop should be refused (a title row
    ///   dragged, a row out of range, a drop where the item already is).
    public func itemMove(fromRow row: Int, droppedAbove dropRow: Int) -> GroupedRowMove? {
        shownRows.itemMove(fromRow: row, droppedAbove: dropRow)
    }

    /// Moves the dropped row in the table, which does not move it itself on a drop, and
    /// counts it moved: the rows the table holds are the list after the move.
    func moveDroppedRow(_ move: GroupedRowMove) {
        base.moveListRow(at: move.sourceRow, to: move.destinationRow)
        shownRows = shownRows.applying(move)
    }

    /// The items a Delete key or a context menu's Delete is about, as on a Mac: the
    /// selected items when no row was clicked (`clickedRow` is -1: the Delete key, the
    /// Edit menu) or the clicked row is selected; otherwise the clicked row's item alone.
    /// Title rows are left out.
    ///
    /// Main actor. - Complexity: O(k log S) for k selected rows.
    ///
    /// - Parameter clickedRow: the table's `clickedRow`: the row a context menu was opened on,
    ///   or -1 for the Delete key or the Edit menu.
    /// - Returns: the paths of the items to delete, in row order; empty when there are none
    ///   (only title rows, or nothing selected).
    public func itemPaths(toDeleteForClickedRow clickedRow: Int) -> [ItemPath] {
        let selected = base.selectedListRows
        let rows = clickedRow >= 0 && !selected.contains(clickedRow) ? [clickedRow] : selected
        return rows.compactMap(shownRows.path(ofRow:))
    }
}
