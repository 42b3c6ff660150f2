import ListAdapter

/// UIKit's `NSInternalInconsistencyException` texts, worded for one view kind.
///
/// The texts are UIKit's own, from `uikit-batch-updates.md` section (c), including the
/// double spaces and "to to". A table view says row/rows/table view; a collection view says
/// item/items/collection view. Index paths print in UIKit's `s - i` notation without the
/// `<NSIndexPath: 0x…> {length = 2, path = …}` wrapper; a section operation stored as an
/// index path prints as `s - 9223372036854775807`.
struct UIKitMessages {
    var kind: ReferenceListViewKind

    var row: String { kind == .table ? "row" : "item" }
    var rows: String { kind == .table ? "rows" : "items" }
    var viewName: String { kind == .table ? "table view" : "collection view" }

    // MARK: Reload decomposition and deletes

    /// R1.
    func deleteAndReload(_ path: UpdatePath) -> String {
        "attempt to delete and reload the same index path (\(path))"
    }

    /// R2.
    func deleteSectionOutOfBounds(_ section: Int, sectionCount: Int) -> String {
        "attempt to delete section \(section), but there are only \(sectionCount) sections before the update"
    }

    /// R3.
    func deleteItemSectionOutOfBounds(_ path: UpdatePath, sectionCount: Int) -> String {
        "attempt to delete \(row) \(path.item) from section \(path.section), but there are only \(sectionCount) sections before the update"
    }

    /// R4.
    func deleteItemOutOfBounds(_ path: UpdatePath, itemCount: Int) -> String {
        "attempt to delete \(row) \(path.item) from section \(path.section) which only contains \(itemCount) \(rows) before the update"
    }

    /// R5, section form.
    func deleteAndMoveSection(_ section: Int) -> String {
        "attempt to perform a delete and a move from the same section (\(section))"
    }

    /// R5, item form.
    func deleteAndMoveItem(_ path: UpdatePath) -> String {
        "attempt to perform a delete and a move from the same index path (\(path))"
    }

    /// R6, collection view.
    func moveFromDeletedSection(_ section: Int) -> String {
        "cannot move an item from a deleted section (\(section))"
    }

    // MARK: Inserts

    /// R7 (UIKit has no comma here).
    func insertSectionOutOfBounds(_ section: Int, sectionCount: Int) -> String {
        "attempt to insert section \(section) but there are only \(sectionCount) sections after the update"
    }

    /// R8.
    func insertItemSectionOutOfBounds(_ path: UpdatePath, sectionCount: Int) -> String {
        "attempt to insert \(row) \(path.item) into section \(path.section), but there are only \(sectionCount) sections after the update"
    }

    /// R9.
    func insertItemOutOfBounds(_ path: UpdatePath, itemCount: Int) -> String {
        "attempt to insert \(row) \(path.item) into section \(path.section), but there are only \(itemCount) \(rows) in section \(path.section) after the update"
    }

    /// R10, section form.
    func insertAndMoveSection(_ section: Int) -> String {
        "attempt to perform an insert and a move to the same section (\(section))"
    }

    /// R10, item form.
    func insertAndMoveItem(_ path: UpdatePath) -> String {
        "attempt to perform an insert and a move to the same index path (\(path))"
    }

    /// R11, collection view.
    func moveIntoInsertedSection(_ section: Int) -> String {
        "cannot move an item into a newly inserted section (\(section))"
    }

    // MARK: Moves

    /// R12, section source.
    func moveSectionSourceOutOfBounds(_ move: UpdateMove, sectionCount: Int) -> String {
        "attempt to move section \(move.from.section), but there are only \(sectionCount) sections before the update"
    }

    /// R12, section destination ("to to" is UIKit's).
    func moveSectionDestinationOutOfBounds(_ move: UpdateMove, sectionCount: Int) -> String {
        "attempt to to move section \(move.from.section) to section \(move.to.section), but there are only \(sectionCount) sections after the update"
    }

    /// R12, item source section.
    func moveItemSourceSectionOutOfBounds(_ move: UpdateMove, sectionCount: Int) -> String {
        "attempt to move index path (\(move.from)) from a section that does not exist - there are only \(sectionCount) sections before the update"
    }

    /// R12, item source.
    func moveItemSourceOutOfBounds(_ move: UpdateMove, itemCount: Int) -> String {
        "attempt to move index path (\(move.from)) that does not exist - there are only \(itemCount) \(rows) in section \(move.from.section) before the update"
    }

    /// R12, item destination section.
    func moveItemDestinationSectionOutOfBounds(_ move: UpdateMove, sectionCount: Int) -> String {
        "attempt to move index path (\(move.from)) to index path (\(move.to)) in section that does not exist - there are only \(sectionCount) sections after the update"
    }

    /// R12, item destination.
    func moveItemDestinationOutOfBounds(_ move: UpdateMove, itemCount: Int) -> String {
        "attempt to move index path (\(move.from)) to index path (\(move.to)) that does not exist - there are only \(itemCount) \(rows) in section \(move.to.section) after the update"
    }

    /// R13, fan-out: `first` is processed before `second`.
    func fanOut(_ first: UpdateMove, _ second: UpdateMove) -> String {
        if first.isSection {
            return "attempt to move section \(first.from.section) to both section \(first.to.section) and section \(second.to.section)"
        }
        return "attempt to move \(row) at index path \(first.from) to both \(first.to) and \(second.to)"
    }

    /// R13, fan-in: `first` is processed before `second`.
    func fanIn(_ first: UpdateMove, _ second: UpdateMove) -> String {
        if first.isSection {
            return "attempt to move both section \(first.from.section) and section \(second.from.section) to section \(first.to.section)"
        }
        return "attempt to move both \(row) at index path \(first.from) and \(second.from) to \(first.to)"
    }

    // MARK: Counts

    /// R14.
    func sectionCount(after: Int, before: Int, inserted: Int, deleted: Int) -> String {
        "Invalid update: invalid number of sections.  The number of sections contained in the \(viewName) after the update (\(after)) must be equal to the number of sections contained in the \(viewName) before the update (\(before)), plus or minus the number of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
    }

    /// R15; the arguments are t, N[t], O[s], ins, del, in, out.
    func itemCount(section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int) -> String {
        "Invalid update: invalid number of \(rows) in section \(section).  The number of \(rows) contained in an existing section after the update (\(after)) must be equal to the number of \(rows) contained in that section before the update (\(before)), plus or minus the number of \(rows) inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of \(rows) moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
    }
}
