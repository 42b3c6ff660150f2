public import ListAdapter

/// What a person does in a list view that the view carries out itself, before its data
/// source hears of it.
extension ReferenceListView {
    /// A person dragged the cell at `source` and dropped it at `destination` (its path
    /// after the move), as UIKit's interactive reordering does: the view moves its own
    /// cell, keeps a section the cell left empty, and only then calls the data source's
    /// `tableView(_:moveRowAt:to:)` / `collectionView(_:moveItemAt:to:)`.
    ///
    /// From then on the view counts the moved cell where it dropped it: a data source that
    /// does not take the move in fails the next batch's count check (UIKit's "invalid
    /// number of rows in section", R15) when the move crossed sections, and
    /// ``verifyCells(against:)`` when it did not; a batch that moves the cell again shows it
    /// in the wrong place.
    ///
    /// - Parameters:
    ///   - source: the path of the dragged cell, among the cells the view displays.
    ///   - destination: the cell's path after the move.
    /// - Precondition: `source` names a displayed cell and `destination` a path the cell can
    ///   be dropped at (`destination.item` at most the destination section's count, less
    ///   one within the same section).
    /// - Complexity: O(m) for the m cells of the two sections.
    public mutating func moveInteractively(from source: ItemPath, to destination: ItemPath) {
        precondition(
            sections.indices.contains(source.section) && sections[source.section].cells.indices.contains(source.item),
            "no cell at (\(source)) to drag"
        )
        precondition(sections.indices.contains(destination.section), "no section \(destination.section) to drop into")
        let cell = sections[source.section].cells.remove(at: source.item)
        precondition(
            destination.item >= 0 && destination.item <= sections[destination.section].cells.count,
            "cannot drop at (\(destination))"
        )
        sections[destination.section].cells.insert(cell, at: destination.item)
    }
}
