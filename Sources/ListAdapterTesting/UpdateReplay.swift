package import ListAdapter

/// The replay check the tests' oracle and the fuzz targets share: every batch of an update
/// applied to a reference view of each kind loaded with the old list, none raising UIKit's
/// exception or leaving a cell that disagrees with the batch's `after` state, the end
/// state the new list, and nothing reloaded or reconfigured unless its summary changed.
///
/// Package access: not part of the library's API.
package enum UpdateReplay {
    /// The first failure of `update` from `old` to `new` on views of `kinds`, described;
    /// `nil` when it replays cleanly. Runs on the calling thread.
    package static func firstFailure<ID, Summary>(
        of update: ListUpdate<ID, Summary>, from old: ListSnapshot<ID, Summary>, to new: ListSnapshot<ID, Summary>,
        kinds: [ReferenceListViewKind] = [.table, .collection]
    ) -> String? {
        if update.changes.isEmpty != update.batches.isEmpty { return "empty change set and batches disagree" }
        if let last = update.batches.last, last.after != new { return "the last batch's after state is not the new list" }
        for kind in kinds {
            var view = ReferenceListView<ID, Summary>(kind: kind)
            view.reloadData(from: old)
            for (index, batch) in update.batches.enumerated() {
                do {
                    try view.apply(batch)
                    try view.verifyCells(against: batch.after)
                } catch {
                    return "\(kind) batch \(index) of \(update.batches.count) \(batch.update): \(error)"
                }
            }
            do {
                try view.verifyCells(against: new)
            } catch {
                return "\(kind) final state: \(error)"
            }
        }
        let updated = Set(update.changes.itemUpdates.map { new.identifier(at: $0.to) })
        var before = old
        for batch in update.batches {
            for path in batch.update.reloadItems + batch.update.reconfigureItems where !updated.contains(before.identifier(at: path)) {
                return "reloaded an unchanged item at \(path)"
            }
            before = batch.after
        }
        return nil
    }
}
