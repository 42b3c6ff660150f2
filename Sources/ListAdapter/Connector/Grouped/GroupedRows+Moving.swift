/// A row dragged within a flat table (an `NSTableView` drop, `.above` a row) as the item
/// move the adapter takes: where the item was, where it is after the move, and the table
/// rows to move (`moveRow(at:to:)`).
///
/// Thread safety: a value type; use it on any queue.
public struct GroupedRowMove: Hashable, Sendable {
    /// The dragged row.
    public var sourceRow: Int
    /// The dragged row's row after the move (`moveRow(at:to:)`'s second argument).
    public var destinationRow: Int
    /// The item's path before the move.
    public var source: ItemPath
    /// The item's path after the move, as UIKit's `tableView(_:moveRowAt:to:)` states it
    /// and ``ListViewAdapter/moveItem(from:to:write:)`` expects.
    public var destination: ItemPath

    /// Creates a move.
    ///
    /// - Parameters:
    ///   - sourceRow: the dragged row.
    ///   - destinationRow: the dragged row's row after the move.
    ///   - source: the item's path before the move.
    ///   - destination: the item's path after the move.
    public init(sourceRow: Int, destinationRow: Int, source: ItemPath, destination: ItemPath) {
        self.sourceRow = sourceRow
        self.destinationRow = destinationRow
        self.source = source
        self.destination = destination
    }
}

extension GroupedRows {
    /// The item move a drop of `row` above `dropRow` makes (AppKit's
    /// `NSTableView.DropOperation.above`: the gap above `dropRow`, `rowCount` for the end
    /// of the table), or `nil` for a drop the table should refuse.
    ///
    /// The rules, as Finder's and Mail's sidebars behave (the drop line is drawn under the
    /// row above the gap, and the item lands where the line is):
    /// - Above an item: just before that item, in its section.
    /// - Above a section's title row: at the end of the section before, where the line is
    ///   drawn (so an item reaches the end of every section, and an empty section through
    ///   the gap above the next title row or the end of the table). The start of a section
    ///   is the gap above its first item.
    /// - Above the first title row (before every section): refused.
    /// - At the end of the table: the end of the last section.
    /// - A dragged title row, a row out of range, or a drop where the item already is (the
    ///   gaps just above and below it): refused.
    ///
    /// Without title rows (`showsSectionRows: false`), the gap between two sections is the
    /// start of the later one (the gap below a section's last item does not move it there:
    /// the row would stay where it is) and the end of the table the end of the last row's
    /// section; an empty section has no gap of its own.
    ///
    /// Any queue. - Complexity: O(log S) for S sections.
    ///
    /// - Parameters:
    ///   - row: the dragged row.
    ///   - dropRow: the row the gap is above; ``rowCount`` for the end of the table.
    /// - Returns: the move to make, or `nil` for a drop to refuse.
    public func itemMove(fromRow row: Int, droppedAbove dropRow: Int) -> GroupedRowMove? {
        // The gaps just above and below the row leave it where it is on screen.
        guard let source = path(ofRow: row), dropRow >= 0, dropRow <= rowCount, dropRow != row, dropRow != row + 1 else {
            return nil
        }
        // The section and the item index (counted before the item leaves) of the gap.
        let section: Int
        let index: Int
        if dropRow == rowCount {
            // Without title rows, the section of the last row (an empty section has none).
            section = showsSectionRows ? sectionCount - 1 : path(ofRow: rowCount - 1)?.section ?? sectionCount - 1
            index = itemCount(inSection: section)
        } else {
            switch content(ofRow: dropRow) {
            case .section(0):
                return nil
            case .section(let next):
                section = next - 1
                index = itemCount(inSection: section)
            case .item(let path):
                section = path.section
                index = path.item
            }
        }
        let item = section == source.section && index > source.item ? index - 1 : index
        let destination = ItemPath(section: section, item: item)
        guard destination != source else { return nil }
        return GroupedRowMove(
            sourceRow: row, destinationRow: dropRow > row ? dropRow - 1 : dropRow, source: source, destination: destination
        )
    }

    /// The rows once the item of `move` has moved: one item fewer in its old section, one
    /// more in its new one.
    ///
    /// Any queue. - Complexity: O(S) for S sections.
    ///
    /// - Parameter move: a move made in these rows, as ``itemMove(fromRow:droppedAbove:)``
    ///   returns it.
    /// - Returns: the rows after the move, with the same ``showsSectionRows``.
    public func applying(_ move: GroupedRowMove) -> GroupedRows {
        var counts = itemCounts
        counts[move.source.section] -= 1
        counts[move.destination.section] += 1
        return GroupedRows(itemCounts: counts, showsSectionRows: showsSectionRows)
    }
}
