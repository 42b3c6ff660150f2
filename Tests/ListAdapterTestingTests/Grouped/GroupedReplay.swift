import ListAdapter
import ListAdapterTesting

typealias FlatTable = FlatReferenceTableView<FlatReferenceRow<String>, ReferenceListCell<String, String>>

/// Replays batches, translated to row updates, on a flat reference table and checks each
/// against the state it must lead to.
@MainActor
enum GroupedReplay {
    /// Translates `update` from `before` to `after`, replays it on a table showing `before`
    /// and returns what is wrong, or `nil`: a translation refused, a call the table
    /// refused, rows that differ from `after`'s, or a row the update keeps (not deleted,
    /// not in a deleted or reloaded section) that lost its identity on the way (removed
    /// and inserted instead of moved), or rows removed or inserted beyond what the update
    /// deletes and inserts.
    static func problem(
        replaying update: BatchUpdate, from before: Snapshot, to after: Snapshot, showsSectionRows: Bool
    ) -> String? {
        let oldLayout = GroupedRows(before, showsSectionRows: showsSectionRows)
        let newLayout = GroupedRows(after, showsSectionRows: showsSectionRows)
        guard let rowUpdate = GroupedRowUpdate(update, from: oldLayout, to: newLayout) else {
            return "no row update for \(update)"
        }
        let oldRows = FlatReferenceRow.rows(of: before, showsSectionRows: showsSectionRows)
        let newRows = FlatReferenceRow.rows(of: after, showsSectionRows: showsSectionRows)
        var current = oldRows
        let table = FlatTable()
        table.dataSourceCount = { current.count }
        table.dataSourceContent = { current[$0] }
        table.reloadListData()
        let serials = Dictionary(uniqueKeysWithValues: table.rows.map { ($0.content!, $0.serial) })

        // The old rows the update keeps, by UIKit's semantics.
        let leaving = Set(update.deleteSections + update.reloadSections)
        let deleted = Set(update.deleteItems)
        var kept: [FlatReferenceRow<String>] = []
        for section in 0 ..< before.numberOfSections where !leaving.contains(section) {
            if showsSectionRows { kept.append(.title(before.title(ofSection: section))) }
            for item in 0 ..< before.numberOfItems(inSection: section) where !deleted.contains(ItemPath(section: section, item: item)) {
                kept.append(.item(before.identifier(at: ItemPath(section: section, item: item))))
            }
        }

        current = newRows
        rowUpdate.apply(to: table)
        if !table.rejections.isEmpty { return "rejected: \(table.rejections) for \(rowUpdate)" }
        if table.contents != newRows.map(Optional.some) { return "rows \(table.contents.map { $0?.description ?? "?" }) instead of \(newRows)" }
        let after = Dictionary(uniqueKeysWithValues: table.rows.map { ($0.content!, $0.serial) })
        for row in kept where after[row] != serials[row] {
            return "\(row) was kept by the update but removed and inserted by \(rowUpdate)"
        }
        if table.removedRowCount != oldRows.count - kept.count || table.insertedRowCount != newRows.count - kept.count {
            return "\(table.removedRowCount) rows removed and \(table.insertedRowCount) inserted, but the update keeps \(kept.count) of \(oldRows.count) → \(newRows.count)"
        }
        return nil
    }

    /// Replays every batch of `ListUpdate(from:to:batching:)` in turn; the first problem.
    static func problem(
        replayingChangeFrom before: Snapshot, to after: Snapshot, batching: BatchingPolicy, showsSectionRows: Bool
    ) -> String? {
        var state = before
        for (index, batch) in ListUpdate(from: before, to: after, batching: batching).batches.enumerated() {
            if let problem = problem(replaying: batch.update, from: state, to: batch.after, showsSectionRows: showsSectionRows) {
                return "batch \(index): \(problem)"
            }
            state = batch.after
        }
        return state == after ? nil : "the batches end elsewhere than the new list"
    }

    /// `snapshot` with some sections emptied (as collapsing them does), titles kept.
    static func emptyingSome(_ snapshot: Snapshot, using rng: inout SeededGenerator) -> Snapshot {
        let sections = (0 ..< snapshot.numberOfSections).map { section -> (title: String?, entries: [ListEntry<String, Int>]) in
            let entries: [ListEntry<String, Int>] = Double.random(in: 0 ..< 1, using: &rng) < 0.25 ? [] : (0 ..< snapshot.numberOfItems(inSection: section)).map { item in
                let path = ItemPath(section: section, item: item)
                return ListEntry(id: snapshot.identifier(at: path), section: snapshot.title(ofSection: section), summary: snapshot.summary(at: path))
            }
            return (title: snapshot.title(ofSection: section), entries: entries)
        }
        return ListSnapshot(sections: sections)!
    }
}
